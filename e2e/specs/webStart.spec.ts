import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEB_SHELL_NODE_FLAGS } from '../../scripts/webShellNodeFlags.mjs';
import { expect, test } from '../fixtures/base';

/**
 * `npm run web` as a person runs it (scripts/web.mjs, built already): what it prints, in order,
 * with an `xdg-open` that exits as given — 3 is what xdg-open says when no browser is set.
 */
async function runWeb(openerExit: number): Promise<{ lines: string[]; shellArgs: string[] }> {
  const bin = await mkdtemp(join(tmpdir(), 'sb-bin-'));
  const opener = join(bin, 'xdg-open');
  await writeFile(opener, `#!/bin/sh\nexit ${openerExit}\n`);
  await chmod(opener, 0o755);
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-web-start-'));
  const child = spawn(process.execPath, ['scripts/web.mjs', '--port', '0', '--data-dir', dataDir], {
    env: { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: process.env.HOME ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (/Switchboard web shell: \S+\n/.test(out)) resolve();
      });
      child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
    });
    const shellArgs = await childArgs(child.pid ?? 0);
    return { lines: out.trimEnd().split('\n'), shellArgs };
  } finally {
    child.kill('SIGTERM');
  }
}

/** The command line of the process `pid` started (Linux's /proc). */
async function childArgs(pid: number): Promise<string[]> {
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim();
  const shell = children.split(/\s+/)[0] ?? '';
  return (await readFile(`/proc/${shell}/cmdline`, 'utf8')).split('\0').filter(Boolean);
}

test('npm run web prints the address last, and says when no browser opened', async () => {
  const { lines: failed, shellArgs } = await runWeb(3);
  // The shell runs with its Node flags, before its entry (where Node reads them).
  expect(shellArgs.slice(1, 1 + WEB_SHELL_NODE_FLAGS.length)).toEqual([...WEB_SHELL_NODE_FLAGS]);
  expect(shellArgs[1 + WEB_SHELL_NODE_FLAGS.length]).toBe('out/main/web.js');
  expect(failed.at(-1)).toMatch(/^Switchboard web shell: http:\/\/127\.0\.0\.1:\d+\/\?token=/);
  expect(failed.at(-2)).toBe(
    'No browser opened (xdg-open exited with 3): open the address below in yours.',
  );
  // Nothing of a build among them (the app is built): the address is not buried.
  expect(failed.length).toBeLessThanOrEqual(3);

  const { lines: opened } = await runWeb(0);
  expect(opened.at(-1)).toMatch(/^Switchboard web shell: /);
  expect(opened.join('\n')).not.toContain('No browser opened');
});
