import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ServerConfig } from '../../shared/domain/serverConfig';
import { AppError, AppErrorCode } from '../../shared/errors';
import { createLogger, type Logger } from '../platform/Logger';
import { appPaths, resolveDataDir } from '../platform/resolveDataDir';
import { ServersFileService } from '../services/config/ServersFileService';
import { resolveServersFile } from '../services/config/resolveServersFile';
import { HostEvents } from '../services/HostEvents';
import { McpService } from '../services/mcp/McpService';
import type { ApprovalPolicy } from '../../shared/domain/approvals';
import { FileSecretStore } from '../platform/FileSecretStore';
import { NodeExternalOpener } from '../platform/NodeExternalOpener';
import type { PlatformServices } from '../platform/PlatformServices';
import { appVersion } from '../platform/appVersion';
import { createHostCore, type HostCore } from '../services/createHostCore';
import { flagNumber, flagString, type CliArgs } from './parseCliArgs';
import { createCliInteractions } from './createCliInteractions';
import { readInteractionFlags } from './readInteractionFlags';

/** What a command prints: one JSON document with --json, text otherwise, and its exit code. */
export interface CommandResult {
  json: unknown;
  text: string;
  exitCode: 0 | 1;
}

/** The host pieces a CLI command needs, built from flags and environment. */
export class CliContext {
  readonly log: Logger;
  readonly timeoutMs: number;
  readonly configFile: string;
  private readonly dataDir: string;
  private mcp: McpService | undefined;
  private core: HostCore | undefined;
  /** Why servers' requests were refused or failed (printed to stderr at the end). */
  readonly notes: string[] = [];

  constructor(
    readonly args: CliArgs,
    readonly env: Readonly<Record<string, string | undefined>>,
  ) {
    this.dataDir = resolveDataDir({
      argv: flagArgv(args),
      env,
      platform: process.platform,
      homedir: homedir(),
    });
    const config = flagString(args, 'config');
    this.configFile = resolveServersFile({
      argv: config ? ['--config', config] : [],
      env,
      dataDir: this.dataDir,
    });
    this.timeoutMs = flagNumber(args, 'timeout', 30_000);
    this.log = createLogger(
      { file: join(appPaths(this.dataDir).logsDir, 'cli.log'), consoleLevel: 'silent' },
      'cli',
    );
  }

  /**
   * Loads the servers file and starts servers: all enabled ones, or only `only`. Rejects with a
   * clear message when the file is invalid (the CLI has no last good config to fall back on).
   */
  async startServers(only?: string): Promise<McpService> {
    const files = new ServersFileService({
      file: this.configFile,
      env: this.env,
      log: this.log.child('config'),
    });
    const state = await files.load();
    if (!state.valid) {
      files.dispose();
      const first = state.errors[0];
      throw new AppError(
        AppErrorCode.ConfigInvalid,
        `${this.configFile}${first ? `:${first.line}:${first.column}: ${first.message}` : ' is invalid'}`,
        { problems: state.errors },
      );
    }
    const paths = appPaths(this.dataDir);
    const flags = await readInteractionFlags(this.args, (note) => this.notes.push(note));
    const interactions = await createCliInteractions({
      paths: { ...paths, serversFile: this.configFile },
      env: this.env,
      ...flags,
      log: this.log,
    });
    const mcp = new McpService({
      handlers: interactions.broker.handlers,
      dataDir: this.dataDir,
      logsDir: paths.logsDir,
      files,
      ...(only ? { include: (config: ServerConfig) => config.name === only } : {}),
      events: new HostEvents(),
      log: this.log,
      env: this.env,
      useLoginShell: !this.args.flags.has('no-login-shell'),
      // A script wants a verdict, not a long backoff: retry a crash twice, quickly.
      supervisor: { policy: { baseMs: 250, maxMs: 1000, maxAttempts: 2 } },
    });
    this.mcp = mcp;
    await mcp.start();
    if (only && !mcp.registry.get(only)) {
      throw new AppError(AppErrorCode.NotFound, `No server named “${only}” in ${this.configFile}.`);
    }
    await mcp.settled(this.timeoutMs);
    return mcp;
  }

  /**
   * The whole host core for `chat`, with a headless approval broker: a policy decides tool
   * calls, or they fail closed. Servers are started and waited for like `servers` does.
   */
  async startHost(policy: ApprovalPolicy | undefined): Promise<HostCore> {
    // Validate the servers file first, with the same clear message as the other commands.
    const files = new ServersFileService({
      file: this.configFile,
      env: this.env,
      log: this.log.child('config'),
    });
    const state = await files.load();
    files.dispose();
    if (!state.valid) {
      const first = state.errors[0];
      throw new AppError(
        AppErrorCode.ConfigInvalid,
        `${this.configFile}${first ? `:${first.line}:${first.column}: ${first.message}` : ' is invalid'}`,
        { problems: state.errors },
      );
    }
    const paths = { ...appPaths(this.dataDir), serversFile: this.configFile };
    const platform: PlatformServices = {
      shell: 'web',
      version: appVersion,
      paths,
      secrets: new FileSecretStore(paths.secretsFile),
      opener: new NodeExternalOpener(() => {}, false),
      env: this.env,
    };
    const core = await createHostCore(platform, this.log, {
      headless: {
        ...(policy ? { policy } : {}),
        ...(await readInteractionFlags(this.args, (note) => this.notes.push(note)).then(
          ({ policy: interactions, roots }) => ({ interactions, roots }),
        )),
      },
      useLoginShell: !this.args.flags.has('no-login-shell'),
      supervisor: { policy: { baseMs: 250, maxMs: 1000, maxAttempts: 2 } },
    });
    this.core = core;
    await core.ready;
    await core.mcp.settled(this.timeoutMs);
    return core;
  }

  async dispose(): Promise<void> {
    await this.mcp?.dispose();
    await this.core?.dispose();
  }
}

function flagArgv(args: CliArgs): string[] {
  const dir = flagString(args, 'data-dir');
  return dir ? ['--data-dir', dir] : [];
}
