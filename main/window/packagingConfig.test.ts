import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/** The packaging config electron-builder reads (`npm run dist`). */
const config = parse(
  readFileSync(fileURLToPath(new URL('../../electron-builder.yml', import.meta.url)), 'utf8'),
) as { asar?: unknown; electronFuses?: Record<string, unknown> };

describe('packaging: Electron fuses', () => {
  const fuses = config.electronFuses ?? {};

  it.each([
    // ELECTRON_RUN_AS_NODE would turn the signed app into a general-purpose Node.
    ['runAsNode', false],
    ['enableNodeOptionsEnvironmentVariable', false],
    ['enableNodeCliInspectArguments', false],
    ['enableCookieEncryption', true],
    ['enableEmbeddedAsarIntegrityValidation', true],
    ['onlyLoadAppFromAsar', true],
    // The app is served from app://, never file://.
    ['grantFileProtocolExtraPrivileges', false],
  ])('%s is %s', (fuse, value) => {
    expect(fuses[fuse]).toBe(value);
  });

  it('packs the app into an asar, which the integrity fuses check', () => {
    expect(config.asar).toBe(true);
  });
});
