import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { packagedHelperPaths } from './packagedHelperPaths';

describe('the sandbox runtime in a packaged app', () => {
  it('runs its helpers from app.asar.unpacked, where the packaging puts them', () => {
    const linux = '/opt/Switchboard/resources/app.asar/node_modules/@anthropic-ai/sandbox-runtime';
    expect(packagedHelperPaths(linux, 'linux', 'x64')).toEqual({
      seccomp: {
        applyPath:
          '/opt/Switchboard/resources/app.asar.unpacked/node_modules/@anthropic-ai/sandbox-runtime/vendor/seccomp/x64/apply-seccomp',
      },
    });
    const windows =
      'C:\\Program Files\\Switchboard\\resources\\app.asar\\node_modules\\@anthropic-ai\\sandbox-runtime';
    const srtWin = packagedHelperPaths(windows, 'windows', 'arm64').windows?.srtWin?.path;
    expect(srtWin).toContain('app.asar.unpacked');
    expect(srtWin).toMatch(/srt-win[\\/]arm64[\\/]srt-win\.exe$/);
    expect(
      packagedHelperPaths('/work/node_modules/@anthropic-ai/sandbox-runtime', 'linux'),
    ).toEqual({});
    expect(packagedHelperPaths(linux, 'macos')).toEqual({});
  });

  it('electron-builder unpacks them', () => {
    const config = parse(
      readFileSync(
        fileURLToPath(new URL('../../../electron-builder.yml', import.meta.url)),
        'utf8',
      ),
    ) as { asarUnpack?: string[] };
    expect(config.asarUnpack).toContain('node_modules/@anthropic-ai/sandbox-runtime/vendor/**');
  });
});
