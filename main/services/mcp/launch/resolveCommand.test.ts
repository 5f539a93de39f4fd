import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { resolveCommand, type CommandNotFoundData, type FileCheck } from './resolveCommand';

function failure(resolve: () => unknown): AppError {
  try {
    resolve();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an error');
}

describe.skipIf(process.platform === 'win32')('resolveCommand on POSIX', () => {
  let root: string;
  let binA: string;
  let binB: string;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'resolve-command-'));
    binA = path.join(root, 'a');
    binB = path.join(root, 'b');
    await mkdir(binA);
    await mkdir(binB);
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function script(dir: string, name: string, mode = 0o755): Promise<string> {
    const file = path.join(dir, name);
    await writeFile(file, '#!/bin/sh\nexit 0\n');
    await chmod(file, mode);
    return file;
  }

  it('finds the first executable in PATH order', async () => {
    await script(binA, 'tool');
    const second = await script(binB, 'tool');
    expect(resolveCommand('tool', { PATH: `${binB}:${binA}` })).toBe(second);
  });

  it('skips files that are not executable and says so when nothing else is found', async () => {
    const plain = await script(binA, 'tool', 0o644);
    const error = failure(() => resolveCommand('tool', { PATH: binA }));
    expect(error.code).toBe(AppErrorCode.McpSpawnFailed);
    expect(error.message).toContain(`Found but not executable: ${plain}`);
    const found = await script(binB, 'tool');
    expect(resolveCommand('tool', { PATH: `${binA}:${binB}` })).toBe(found);
  });

  it('names the command and every searched directory when it is missing', () => {
    const error = failure(() =>
      resolveCommand('npx-nonexistent', { PATH: `${binA}::relative/dir:${binB}:${binA}` }),
    );
    expect(error.code).toBe(AppErrorCode.McpSpawnFailed);
    expect(error.message).toBe(
      `Command 'npx-nonexistent' was not found. Looked in: ${binA}, ${binB}.`,
    );
    const data = error.data as CommandNotFoundData;
    expect(data.command).toBe('npx-nonexistent');
    expect(data.searched).toEqual([binA, binB]);
  });

  it('reports an empty PATH plainly', () => {
    const error = failure(() => resolveCommand('node', { PATH: '' }));
    expect(error.message).toBe("Command 'node' was not found: PATH is empty.");
  });

  it('resolves paths with a separator against cwd, not PATH', async () => {
    const file = await script(binA, 'server.sh');
    expect(resolveCommand('./a/server.sh', { PATH: binB, cwd: root })).toBe(file);
    expect(resolveCommand(file, { PATH: '' })).toBe(file);
    const error = failure(() => resolveCommand('./b/server.sh', { PATH: binA, cwd: root }));
    expect(error.message).toBe(
      `Command './b/server.sh' was not found at ${path.join(binB, 'server.sh')}.`,
    );
  });

  it('does not treat a directory as an executable', async () => {
    await mkdir(path.join(binA, 'tool'));
    expect(() => resolveCommand('tool', { PATH: binA })).toThrow(AppError);
  });
});

describe('resolveCommand with Windows rules', () => {
  const existing = new Set([
    'C:\\Program Files\\nodejs\\node.exe',
    'C:\\Program Files\\nodejs\\npx.cmd',
    'C:\\Users\\me\\AppData\\Roaming\\npm\\server.CMD',
    'C:\\tools\\run.py',
    'D:\\proj\\bin\\serve.bat',
  ]);
  // Windows file systems ignore case.
  const checkFile = (candidate: string): FileCheck => {
    const match = [...existing].some((file) => file.toLowerCase() === candidate.toLowerCase());
    return match ? 'executable' : 'missing';
  };
  const options = {
    platform: 'win32' as const,
    PATH: '"C:\\Program Files\\nodejs";C:\\Users\\me\\AppData\\Roaming\\npm;;C:\\tools',
    PATHEXT: '.COM;.EXE;.BAT;.CMD',
    checkFile,
  };

  it('tries PATHEXT extensions in order for a bare name', () => {
    expect(resolveCommand('node', options)).toBe('C:\\Program Files\\nodejs\\node.EXE');
    expect(resolveCommand('npx', options)).toBe('C:\\Program Files\\nodejs\\npx.CMD');
    expect(resolveCommand('server', options)).toBe(
      'C:\\Users\\me\\AppData\\Roaming\\npm\\server.CMD',
    );
  });

  it('uses a name that already carries a PATHEXT extension as is, in any case', () => {
    expect(resolveCommand('NODE.EXE', options)).toBe('C:\\Program Files\\nodejs\\NODE.EXE');
  });

  it('tries a name with another extension as is', () => {
    expect(resolveCommand('run.py', options)).toBe('C:\\tools\\run.py');
  });

  it('resolves relative paths with backslashes against cwd, with PATHEXT', () => {
    expect(resolveCommand('bin\\serve', { ...options, cwd: 'D:\\proj' })).toBe(
      'D:\\proj\\bin\\serve.BAT',
    );
  });

  it('lists the unquoted directories it searched', () => {
    const error = failure(() => resolveCommand('uvx', options));
    expect(error.message).toBe(
      "Command 'uvx' was not found. Looked in: C:\\Program Files\\nodejs, C:\\Users\\me\\AppData\\Roaming\\npm, C:\\tools.",
    );
  });
});
