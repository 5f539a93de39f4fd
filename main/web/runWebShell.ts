import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createDispatcher } from '../ipc/createDispatcher';
import { createLogger } from '../platform/Logger';
import { createNodePlatform } from '../platform/createNodePlatform';
import { installProcessGuards } from '../platform/installProcessGuards';
import { tryOpenWithSystem } from '../platform/NodeExternalOpener';
import type { ExternalOpener } from '../platform/PlatformServices';
import { argValue } from '../platform/resolveDataDir';
import { createHostCore } from '../services/createHostCore';
import { SANDBOX_FRAME_PATH } from '../services/apps/SandboxPages';
import { AppsOrigin } from './AppsOrigin';
import { browserNote } from './browserNote';
import { WebShell } from './WebShell';

export interface WebShellOptions {
  /**
   * The built renderer: `../renderer` from the entry's own file (out/main/*.js), given by the
   * entry because this module may be bundled into a chunk one folder further down.
   */
  rendererDir: string;
  /** Opens sign-in and consent URLs instead of the system browser (the e2e entry's pretend one). */
  opener?: (print: (line: string) => void) => ExternalOpener;
}

/**
 * The web shell process: the host core behind the web shell, on 127.0.0.1 (`npm run web`, and
 * the e2e entry that composes it with a pretend browser).
 */
export async function runWebShell(options: WebShellOptions): Promise<void> {
  const argv = process.argv.slice(2);
  const noOpen = argv.includes('--no-open');
  const portArg = argValue(argv, '--port');
  const port = portArg === undefined ? 0 : Number(portArg);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`Invalid --port ${portArg ?? ''}: use a number from 0 to 65535.\n`);
    process.exit(1);
  }
  const print = (line: string): void => void process.stdout.write(line + '\n');
  const platform = createNodePlatform({
    argv,
    env: process.env,
    print,
    openUrls: !noOpen,
    ...(options.opener ? { opener: options.opener(print) } : {}),
  });
  const log = createLogger({ file: join(platform.paths.logsDir, 'main.log') }, 'web');
  installProcessGuards(process, log);
  const core = await createHostCore(platform, log);
  const { rendererDir } = options;
  const token = randomBytes(32).toString('base64url');
  // Apps run on a second loopback port, each App on a host (an origin) of its own.
  const sandbox = new AppsOrigin({
    respond: (label, pathname) => core.apps.service.sandboxResponse(label, pathname),
    log: log.child('apps-origin'),
  });
  await sandbox.start();
  const shell = new WebShell({
    dispatch: createDispatcher(core.handlers, log.child('ipc')),
    events: core.events,
    rendererDir,
    log: log.child('shell'),
    port,
    token,
    frameSources: [sandbox.frameSource],
  });
  const url = await shell.start();
  core.apps.service.useSandbox({
    frameUrl: (frame) =>
      `${sandbox.originOf(frame.originLabel)}${SANDBOX_FRAME_PATH}${frame.frameId}`,
    parentOrigins: shell.origins,
    hostOrigins: sandbox.origins,
    rendererDir,
  });
  // The address last: it is what the person copies. Before it, whether a browser opened.
  print(`Data: ${platform.paths.dataDir}`);
  const opened = noOpen ? undefined : await tryOpenWithSystem(url);
  const note = browserNote(noOpen, opened);
  if (note) print(note);
  print(`Switchboard web shell: ${url}`);

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void shell
      .stop()
      .then(() => sandbox.stop())
      .then(() => core.dispose())
      .then(() => log.flush())
      .finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
