import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureServer } from '../services/mcp/testing/McpHarness';
import { stderrExcerpt } from './stderrExcerpt';
import { captureCli } from './testing/captureCli';

describe('stderrExcerpt: enough of stderr to see why a server failed', () => {
  it('a Python traceback from its first line to the reason at its end', () => {
    const lines = [
      'INFO starting',
      'Traceback (most recent call last):',
      '  File "server.py", line 3, in <module>',
      '    main()',
      'KeyError: GITHUB_TOKEN',
    ];
    expect(stderrExcerpt(lines)).toEqual(lines.slice(1));
  });

  it('over the byte bound: the opening and the end of the report, what was left out counted', () => {
    const frames = Array.from({ length: 200 }, (_, i) => `    at frame${String(i)} (x.js:1:1)`);
    const out = stderrExcerpt(['Error: the reason', ...frames, 'Node.js v24'], 600);
    expect(out[0]).toBe('Error: the reason');
    expect(out.at(-1)).toBe('Node.js v24');
    expect(out.some((line) => /^… \(\d+ lines left out\)$/.test(line))).toBe(true);
    expect(Buffer.byteLength(out.join('\n'))).toBeLessThanOrEqual(600);
  });

  it('no crash report: the last lines that fit', () => {
    const lines = Array.from({ length: 50 }, (_, i) => `line ${String(i)} ${'x'.repeat(80)}`);
    const out = stderrExcerpt(lines, 1000);
    expect(out.at(-1)).toBe(lines.at(-1));
    expect(Buffer.byteLength(out.join('\n'))).toBeLessThanOrEqual(1000);
  });

  it('the CLI shows a Node crash’s reason, above a dozen stack frames', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-cli-crash-'));
    const config = join(dir, 'servers.json');
    await writeFile(
      config,
      JSON.stringify({
        mcpServers: {
          crashing: { command: process.execPath, args: [fixtureServer('crash-at-start.mjs')] },
        },
      }),
    );
    const run = await captureCli(
      [
        'servers',
        '--config',
        config,
        '--data-dir',
        join(dir, 'data'),
        '--no-login-shell',
        '--timeout',
        '8000',
      ],
      { PATH: process.env.PATH, HOME: process.env.HOME },
    );
    expect(run.code).toBe(1);
    expect(run.out).toContain(
      '| Error: SQLITE_BUSY: database file /tmp/fixture-crash.db is locked',
    );
    expect(run.out).toContain('crash-at-start.mjs:5');
  });
});
