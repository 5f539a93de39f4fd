import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DiscoverResult } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeFileAtomic } from '../../../platform/writeFileAtomic';
import { configHash } from './configHash';
import { EraVerdictCache } from './EraVerdictCache';
import { stdioConfig } from './testing/TestProcesses';

const discover: DiscoverResult = {
  supportedVersions: ['2026-07-28'],
  capabilities: { tools: { listChanged: true } },
};

let dir: string;
let file: string;
let now: number;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'era-cache-'));
  file = join(dir, 'nested', 'eras.json');
  now = 1_000_000;
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

// The real writes, counted.
const write = vi.fn(writeFileAtomic);
const cache = (ttlMs?: number) =>
  new EraVerdictCache({ file, now: () => now, write, ...(ttlMs ? { ttlMs } : {}) });

describe('EraVerdictCache', () => {
  it('persists verdicts across instances', async () => {
    await cache().set('a', { prior: { kind: 'modern', discover } });
    await cache().set('b', { prior: { kind: 'legacy' }, httpTransport: 'sse' });
    const fresh = cache();
    expect(await fresh.get('a')).toEqual({ prior: { kind: 'modern', discover }, at: now });
    expect(await fresh.get('b')).toEqual({
      prior: { kind: 'legacy' },
      httpTransport: 'sse',
      at: now,
    });
    expect(await fresh.get('c')).toBeUndefined();
  });

  it('servers starting together share writes, and each waits until its own verdict is on disk', async () => {
    const shared = cache();
    write.mockClear();
    const hashes = Array.from({ length: 30 }, (_, i) => `h${i}`);
    await Promise.all(
      hashes.map(async (hash) => {
        await shared.set(hash, { prior: { kind: 'legacy' } });
        // Resolved: a fresh reader of the file finds it.
        expect(await cache().get(hash)).toEqual({ prior: { kind: 'legacy' }, at: now });
      }),
    );
    expect(write.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('expires entries after the ttl and prunes them on the next write', async () => {
    await cache(1000).set('old', { prior: { kind: 'legacy' } });
    now += 1001;
    expect(await cache(1000).get('old')).toBeUndefined();
    await cache(1000).set('new', { prior: { kind: 'legacy' } });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ entries: { new: {} } });
    expect(await readFile(file, 'utf8')).not.toContain('"old"');
  });

  it('deletes a verdict', async () => {
    const c = cache();
    await c.set('a', { prior: { kind: 'legacy' } });
    await c.delete('a');
    expect(await cache().get('a')).toBeUndefined();
  });

  it('treats a corrupt file or a malformed discover result as no verdict', async () => {
    await cache().set('x', { prior: { kind: 'legacy' } });
    await writeFile(file, '{ not json');
    expect(await cache().get('x')).toBeUndefined();
    await writeFile(
      file,
      JSON.stringify({
        version: 1,
        entries: { m: { kind: 'modern', discover: { nope: 1 }, at: now } },
      }),
    );
    expect(await cache().get('m')).toBeUndefined();
  });
});

describe('configHash', () => {
  it('changes with what reaches the server, not with name, timeouts or era preference', () => {
    const base = stdioConfig(['server.js'], 'auto', { A: '1', B: '2' });
    expect(configHash({ ...base, name: 'other', protocol: 'legacy' })).toBe(configHash(base));
    expect(configHash({ ...base, env: { B: '2', A: '1' } })).toBe(configHash(base));
    expect(configHash({ ...base, args: ['other.js'] })).not.toBe(configHash(base));
    expect(configHash({ ...base, env: { A: '1', B: '3' } })).not.toBe(configHash(base));
  });
});
