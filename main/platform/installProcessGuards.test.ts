import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const guards = fileURLToPath(new URL('./installProcessGuards.ts', import.meta.url));

/** Runs a module in a fresh Node (types stripped) and returns its exit code and output. */
function run(withGuards: boolean): { status: number | null; stdout: string } {
  const script = `
    const { installProcessGuards } = await import(${JSON.stringify(guards)});
    if (${withGuards}) installProcessGuards(process, { error: (m, f) => console.log('logged:', m, f.error.stack.split('\\n')[0]) });
    Promise.reject(new Error('stray'));
    setImmediate(() => setImmediate(() => console.log('still running')));
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: child.status, stdout: child.stdout };
}

describe('installProcessGuards', () => {
  it('logs a stray rejection with its stack and the process keeps running', () => {
    const { status, stdout } = run(true);
    expect(stdout).toContain('logged: unhandled promise rejection Error: stray');
    expect(stdout).toContain('still running');
    expect(status).toBe(0);
  });

  it('is what keeps it alive: without the guards the same rejection ends the process', () => {
    const { status, stdout } = run(false);
    expect(stdout).not.toContain('still running');
    expect(status).not.toBe(0);
  });

  it('is installed by every shell entry', () => {
    // The web shell's entries (npm run web, the e2e one) both run runWebShell.
    for (const entry of ['../index.ts', '../web/runWebShell.ts', '../cli/main.ts']) {
      const source = readFileSync(fileURLToPath(new URL(entry, import.meta.url)), 'utf8');
      expect(source, entry).toMatch(/installProcessGuards\(process, /);
    }
  });
});
