import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDispatcher } from '../../ipc/createDispatcher';
import { FileSecretStore } from '../../platform/FileSecretStore';
import { createLogger } from '../../platform/Logger';
import { NodeExternalOpener } from '../../platform/NodeExternalOpener';
import { appPaths } from '../../platform/resolveDataDir';
import { createHostCore } from '../../services/createHostCore';
import { WebShell } from '../WebShell';

export interface TestShell {
  shell: WebShell;
  port: number;
  /** The data dir; the renderer is served from `renderer/` in it. */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * A real web shell on a real host core in a fresh data dir, serving a tiny renderer
 * (`index.html`, `assets/app.js`), with `outside.txt` next to it for path-traversal checks.
 */
export async function startTestShell(): Promise<TestShell> {
  const log = createLogger({ consoleLevel: 'silent' });
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-web-'));
  const rendererDir = join(dataDir, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(dataDir, 'outside.txt'), 'secret outside the renderer');
  const paths = appPaths(dataDir);
  const core = await createHostCore(
    {
      shell: 'web',
      version: '0.0.0-test',
      paths,
      secrets: new FileSecretStore(paths.secretsFile),
      opener: new NodeExternalOpener(() => {}, false),
      env: {},
    },
    log,
  );
  const shell = new WebShell({
    dispatch: createDispatcher(core.handlers, log),
    events: core.events,
    rendererDir,
    log,
  });
  const port = Number(new URL(await shell.start()).port);
  return {
    shell,
    port,
    dataDir,
    stop: async () => {
      await shell.stop();
      await core.dispose();
    },
  };
}
