import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createLogger } from '../../../platform/Logger';
import { ServersFileService } from '../ServersFileService';

/**
 * Per-test temp dir with a `servers.json` path, and a factory for services on it that are all
 * disposed after the test. `onReady` gets the paths of each test before it runs.
 */
export function useServersFileDir(onReady: (paths: { dir: string; file: string }) => void) {
  const log = createLogger({ consoleLevel: 'silent' });
  let dir = '';
  let file = '';
  let services: ServersFileService[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'switchboard-servers-'));
    file = join(dir, 'servers.json');
    services = [];
    onReady({ dir, file });
  });
  afterEach(async () => {
    for (const service of services) service.dispose();
    await rm(dir, { recursive: true, force: true });
  });
  return {
    log,
    create: (env: Record<string, string> = {}, path = file): ServersFileService => {
      const service = new ServersFileService({ file: path, env, log, debounceMs: 50 });
      services.push(service);
      return service;
    },
  };
}
