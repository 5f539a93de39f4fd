import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveServersFile } from './resolveServersFile';

const dataDir = resolve('/data/Switchboard');
const cwd = resolve('/home/ada/project');

describe('resolveServersFile', () => {
  it('defaults to servers.json in the data dir', () => {
    expect(resolveServersFile({ argv: [], env: {}, dataDir, cwd })).toBe(
      join(dataDir, 'servers.json'),
    );
  });

  it('takes SWITCHBOARD_CONFIG over the default, relative to the working directory', () => {
    const env = { SWITCHBOARD_CONFIG: 'conf/servers.json' };
    expect(resolveServersFile({ argv: [], env, dataDir, cwd })).toBe(
      join(cwd, 'conf', 'servers.json'),
    );
  });

  it('takes --config over everything, in both spellings', () => {
    const env = { SWITCHBOARD_CONFIG: '/elsewhere.json' };
    const absolute = resolve('/etc/sb.json');
    expect(resolveServersFile({ argv: ['--config', absolute], env, dataDir, cwd })).toBe(absolute);
    expect(resolveServersFile({ argv: ['--config=mine.json'], env, dataDir, cwd })).toBe(
      join(cwd, 'mine.json'),
    );
  });

  it('ignores an empty value instead of pointing at the working directory', () => {
    expect(
      resolveServersFile({ argv: ['--config='], env: { SWITCHBOARD_CONFIG: '' }, dataDir, cwd }),
    ).toBe(join(dataDir, 'servers.json'));
  });
});
