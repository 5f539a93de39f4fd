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

describe('BareChromium', () => {
  it('names the missing browser instead of dying on a broken pipe', async () => {
    root = await mkdtemp(join(tmpdir(), 'bare-chromium-'));
    process.env.CHROMIUM_PATH = join(root, 'no-such-chromium');
    const launch = BareChromium.launch({
      url: 'about:blank',
      width: 400,
      height: 300,
      root,
      janitor,
    });
    await expect(launch).rejects.toThrow(
      `Chromium could not start (${join(root, 'no-such-chromium')}): spawn`,
    );
  });

  it('fails the calls of a browser that exits before answering', async () => {
    root = await mkdtemp(join(tmpdir(), 'bare-chromium-'));
    // A "browser" that ends at once: its pipe breaks under the first command.
    process.env.CHROMIUM_PATH = '/bin/true';
    const launch = BareChromium.launch({
      url: 'about:blank',
      width: 400,
      height: 300,
      root,
      janitor,
    });
    await expect(launch).rejects.toThrow(/Chromium (exited during call|is gone)/);
  });
});
