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
import { flagNumber, flagString, type CliArgs } from './parseCliArgs';

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
    const mcp = new McpService({
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

  async dispose(): Promise<void> {
    await this.mcp?.dispose();
  }
}

function flagArgv(args: CliArgs): string[] {
  const dir = flagString(args, 'data-dir');
  return dir ? ['--data-dir', dir] : [];
}
