import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ProcessJanitor } from '../../../main/services/mcp/launch/testing/ProcessJanitor';
import { BareChromium } from './BareChromium';

const janitor = new ProcessJanitor();
const saved = process.env.CHROMIUM_PATH;
let root = '';
afterEach(async () => {
  await janitor.cleanup();
  if (saved === undefined) delete process.env.CHROMIUM_PATH;
  else process.env.CHROMIUM_PATH = saved;
  if (root) await rm(root, { recursive: true, force: true });
});

/** Launches with `CHROMIUM_PATH` set to what `executable` names inside a fresh folder. */
async function launchWith(executable: (folder: string) => string): Promise<BareChromium> {
  root = await mkdtemp(join(tmpdir(), 'bare-chromium-'));
  process.env.CHROMIUM_PATH = executable(root);
  return BareChromium.launch({ url: 'about:blank', width: 400, height: 300, root, janitor });
}

describe('BareChromium', () => {
  it('names the missing browser instead of dying on a broken pipe', async () => {
    await expect(launchWith((folder) => join(folder, 'no-such-chromium'))).rejects.toThrow(
      /^Chromium could not start \(\/.+\/no-such-chromium\): spawn .+ ENOENT\. Install/,
    );
  });

  it('fails the calls of a browser that exits before answering', async () => {
    // A "browser" that ends at once: its pipe breaks under the first command.
    await expect(launchWith(() => '/bin/true')).rejects.toThrow(
      /Chromium (exited during call|is gone)/,
    );
  });
});
