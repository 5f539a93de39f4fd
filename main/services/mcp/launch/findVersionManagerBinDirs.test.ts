import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findVersionManagerBinDirs, resolveNvmDefaultBin } from './findVersionManagerBinDirs';

describe('findVersionManagerBinDirs', () => {
  let home: string;

  beforeEach(async () => {
    home = await mkdtemp(path.join(tmpdir(), 'version-managers-'));
  });

  afterEach(async () => {
    await rm(home, { recursive: true, force: true });
  });

  async function dir(...parts: string[]): Promise<string> {
    const full = path.join(home, ...parts);
    await mkdir(full, { recursive: true });
    return full;
  }

  it('finds nothing in an empty home', async () => {
    expect(await findVersionManagerBinDirs({ home, env: {}, platform: 'linux' })).toEqual([]);
  });

  it('finds volta, mise, asdf and fnm directories that exist, in that order', async () => {
    const fnm = await dir('.local', 'share', 'fnm', 'aliases', 'default', 'bin');
    const asdf = await dir('.asdf', 'shims');
    const mise = await dir('.local', 'share', 'mise', 'shims');
    const volta = await dir('.volta', 'bin');
    expect(await findVersionManagerBinDirs({ home, env: {}, platform: 'linux' })).toEqual([
      volta,
      mise,
      asdf,
      fnm,
    ]);
  });

  it('honours the managers’ own location variables', async () => {
    const volta = await dir('custom-volta', 'bin');
    const found = await findVersionManagerBinDirs({
      home,
      env: { VOLTA_HOME: path.join(home, 'custom-volta') },
      platform: 'darwin',
    });
    expect(found).toEqual([volta]);
  });

  it("resolves nvm's default alias to the newest matching installed version", async () => {
    const nvm = path.join(home, '.nvm');
    await dir('.nvm', 'alias', 'lts');
    await writeFile(path.join(nvm, 'alias', 'default'), 'lts/*\n');
    await writeFile(path.join(nvm, 'alias', 'lts', '*'), 'lts/jod\n');
    await writeFile(path.join(nvm, 'alias', 'lts', 'jod'), 'v22\n');
    await dir('.nvm', 'versions', 'node', 'v20.18.0', 'bin');
    await dir('.nvm', 'versions', 'node', 'v22.2.0', 'bin');
    const newest = await dir('.nvm', 'versions', 'node', 'v22.10.1', 'bin');
    expect(await resolveNvmDefaultBin(nvm)).toBe(newest);
    expect(await findVersionManagerBinDirs({ home, env: {}, platform: 'linux' })).toEqual([newest]);
  });

  it('returns nothing for nvm without a default alias or a matching version', async () => {
    const nvm = path.join(home, '.nvm');
    expect(await resolveNvmDefaultBin(nvm)).toBeUndefined();
    await dir('.nvm', 'alias');
    await writeFile(path.join(nvm, 'alias', 'default'), '18');
    await dir('.nvm', 'versions', 'node', 'v20.1.0', 'bin');
    expect(await resolveNvmDefaultBin(nvm)).toBeUndefined();
  });
});
