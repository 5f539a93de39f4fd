import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../platform/writeFileAtomic';
import { EraVerdictCache } from './EraVerdictCache';
import { McpSession } from './McpSession';
import { MODERN_FIXTURE, stdioConfig, TestProcesses, textOf } from './testing/TestProcesses';

// The real write, held until the test lets it go: a disk that is slow to sync.
let release: () => void = () => undefined;
let held: Promise<void> = Promise.resolve();
const slowWrite: typeof writeFileAtomic = async (...args) => {
  await held;
  return writeFileAtomic(...args);
};

let processes: TestProcesses;
let dir: string;

beforeEach(async () => {
  processes = new TestProcesses();
  dir = await mkdtemp(join(tmpdir(), 'mcp-verdict-'));
  held = new Promise((resolve) => (release = resolve));
});

afterEach(async () => {
  release();
  await processes.cleanup();
  await rm(dir, { recursive: true, force: true });
});

describe('the era verdict of a connect', () => {
  it('is saved while the session is used, and is on disk once the session is closed', async () => {
    const file = join(dir, 'eras.json');
    const config = stdioConfig([MODERN_FIXTURE], 'auto');
    const session = new McpSession({
      config,
      transport: processes.stdioFactory(config),
      probeTimeoutMs: 30_000,
      eraCache: new EraVerdictCache({ file, write: slowWrite }),
    });
    // Connected and usable while the verdict's write is still held.
    expect(await session.connect()).toMatchObject({ era: 'modern', eraSource: 'probe' });
    expect(textOf(await session.callTool('era'))).toBe('modern');
    expect(existsSync(file)).toBe(false);

    let closed = false;
    const closing = session.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    release();
    await closing;
    const saved = JSON.parse(await readFile(file, 'utf8')) as {
      entries: Record<string, { kind: string }>;
    };
    expect(Object.values(saved.entries).map((entry) => entry.kind)).toEqual(['modern']);
  });
});
