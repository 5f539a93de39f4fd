import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ServerConfig } from '../../shared/domain/serverConfig';
import { AppError, AppErrorCode } from '../../shared/errors';
import { createLogger, type Logger } from '../platform/Logger';
import { appPaths, resolveDataDir } from '../platform/resolveDataDir';
import { ServersFileService } from '../services/config/ServersFileService';
import { resolveServersFile } from '../platform/resolveServersFile';
import { HostEvents } from '../services/base/HostEvents';
import { McpService } from '../services/mcp/McpService';
import type { LaunchMode } from '../services/mcp/onDemand/ServerDemand';
import { appErrorCode } from '../services/mcp/onDemand/whenSettled';
import type { ApprovalPolicy } from '../../shared/domain/approvals';
import { FileSecretStore } from '../platform/FileSecretStore';
import { NodeExternalOpener } from '../platform/NodeExternalOpener';
import type { ExternalOpener, PlatformServices } from '../platform/PlatformServices';
import { appVersion } from '../platform/appVersion';
import { createHostCore, type HostCore } from '../services/createHostCore';
import { storedApprovalNote } from './storedApprovalNote';
import { flagNumber, flagString, type CliArgs } from './parseCliArgs';
import { createCliInteractions } from './createCliInteractions';
import { readInteractionFlags } from './readInteractionFlags';
import { OAuthStore } from '../services/mcp/auth/OAuthStore';
import type { SignInDeps } from '../services/mcp/auth/SignInFlow';
import { CliSignInOpener } from './CliSignInOpener';
import { needsSignInError } from './needsSignIn';
import { createGettingServers, type GettingServers } from '../services/createGettingServers';
import { ServerSecrets } from '../services/secrets/ServerSecrets';
import { SettingsService } from '../services/settings/SettingsService';
import { ConversationStore } from '../services/store/ConversationStore';
import { TaskService } from '../services/tasks/TaskService';

/** Live output and Ctrl+C, for commands that talk while they wait (`signin`). */
export interface CliIo {
  err: (text: string) => void;
  /** Standard output as it goes (cleaned like the rest), for commands that stream lines. */
  out?: (text: string) => void;
  signal?: AbortSignal;
  /** Everything on standard input (`secret set` reads the value there, never from argv). */
  readStdin?: () => Promise<string>;
  /** The browser `signin` hands its address to (tests inject a pretend one); default: the OS's. */
  signInBrowser?: ExternalOpener;
}

/** What a command prints: one JSON document with --json, text otherwise, and its exit code. */
export interface CommandResult {
  json: unknown;
  text: string;
  /** 0 success, 1 failure, 4 a server needs sign-in (see needsSignIn.ts). */
  exitCode: 0 | 1 | 4;
  /** Printed already as it went (`events watch`): nothing more goes to stdout. */
  streamed?: boolean;
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
  private oauth: OAuthStore | undefined;
  private store: ConversationStore | undefined;
  private taskService: TaskService | undefined;
  private secrets: FileSecretStore | undefined;
  private serverSecretsValue: ServerSecrets | undefined;

  constructor(
    readonly args: CliArgs,
    readonly env: Readonly<Record<string, string | undefined>>,
    readonly io: CliIo = { err: () => {} },
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
   * Loads the servers file; rejects with a clear message when it is invalid (the CLI has no last
   * good config to fall back on). The caller owns, and disposes, the returned service.
   */
  private async loadServersFile(): Promise<{ files: ServersFileService; servers: ServerConfig[] }> {
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
    return { files, servers: state.servers };
  }

  /**
   * Loads the servers file and starts servers: all enabled ones, or only `only` (`launch`
   * `unremembered`: only those whose lists are not remembered yet, the rest answer from their
   * lists). Rejects with a clear message when the file is invalid (the CLI has no last good
   * config to fall back on), and when `only` runs in another Switchboard process.
   */
  async startServers(
    only?: string,
    options: { allowSignIn?: boolean; launch?: LaunchMode } = {},
  ): Promise<McpService> {
    const { files } = await this.loadServersFile();
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
      signIn: this.signInDeps(),
      secrets: this.serverSecrets(),
      shell: 'cli',
      launch: options.launch ?? 'all',
      idleSweepMs: 0,
      roots: () => flags.roots,
    });
    this.mcp = mcp;
    await mcp.start();
    const server = only ? mcp.registry.get(only) : undefined;
    if (only && !server) {
      throw new AppError(AppErrorCode.NotFound, `No server named “${only}” in ${this.configFile}.`);
    }
    await mcp.settled(this.timeoutMs);
    // The one server the command needs cannot be used without a sign-in: say how, at once.
    if (only && server?.status.kind === 'needs-sign-in' && !options.allowSignIn) {
      throw needsSignInError(only, server.status.error);
    }
    // Another process runs it (the app, the web shell, another run): never a second copy.
    const status = server?.status;
    if (
      status?.kind === 'error' &&
      appErrorCode(status.failure.code) === AppErrorCode.McpOwnedElsewhere
    ) {
      throw new AppError(AppErrorCode.McpOwnedElsewhere, status.failure.text);
    }
    return mcp;
  }

  /**
   * Tokens from the data dir's secret store (the same the web shell uses), refreshed when they
   * expire; the opener only ever runs for `signin`.
   */
  private signInDeps(): SignInDeps {
    const explicit = this.args.flags.has('timeout');
    return {
      store: this.oauthStore(),
      opener: new CliSignInOpener({
        print: this.io.err,
        launch: !this.args.flags.has('no-browser'),
        ...(this.io.signInBrowser ? { browser: this.io.signInBrowser } : {}),
      }),
      // The browser step takes a person minutes; --timeout shortens it when given.
      ...(explicit ? { timeoutMs: this.timeoutMs } : {}),
    };
  }

  /** The OAuth material of this data dir (for `signout`, which needs no connection). */
  oauthStore(): OAuthStore {
    this.oauth ??= new OAuthStore(this.secretStore());
    return this.oauth;
  }

  /** Where this command's data dir keeps things. */
  get paths(): ReturnType<typeof appPaths> {
    return appPaths(this.dataDir);
  }

  /** The data dir's secret store (shared with the web shell): one instance per command. */
  secretStore(): FileSecretStore {
    // One per command: its writes are serialized, two stores on one file could lose some.
    this.secrets ??= new FileSecretStore(appPaths(this.dataDir).secretsFile);
    return this.secrets;
  }

  /** The values behind `${secret:NAME}`, kept in {@link secretStore} as the app keeps them. */
  serverSecrets(): ServerSecrets {
    this.serverSecretsValue ??= new ServerSecrets(this.secretStore());
    return this.serverSecretsValue;
  }

  /** One server's config from a valid servers file, without starting anything. */
  async serverConfig(name: string): Promise<ServerConfig> {
    const { files, servers } = await this.loadServersFile();
    files.dispose();
    const config = servers.find((s) => s.name === name);
    if (!config) {
      throw new AppError(AppErrorCode.NotFound, `No server named “${name}” in ${this.configFile}.`);
    }
    return config;
  }

  /**
   * The whole host core for `chat`, with a headless approval broker: a policy decides tool
   * calls, or they fail closed. Servers are started and waited for like `servers` does.
   */
  async startHost(policy: ApprovalPolicy | undefined): Promise<HostCore> {
    // Validate the servers file first, with the same clear message as the other commands.
    (await this.loadServersFile()).files.dispose();
    const paths = { ...appPaths(this.dataDir), serversFile: this.configFile };
    const platform: PlatformServices = {
      shell: 'web',
      version: appVersion,
      paths,
      secrets: this.secretStore(),
      opener: new NodeExternalOpener(() => {}, false),
      env: this.env,
    };
    const core = await createHostCore(platform, this.log, {
      headless: {
        ...(policy ? { policy } : {}),
        ...(this.args.flags.has('ignore-grants') ? { ignoreGrants: true } : {}),
        // A grant given in the app lets a call run without --approve: never silently.
        onStoredApproval: (call, approval) => this.notes.push(storedApprovalNote(call, approval)),
        ...(await readInteractionFlags(this.args, (note) => this.notes.push(note)).then(
          ({ policy: interactions, roots }) => ({ interactions, roots }),
        )),
      },
      useLoginShell: !this.args.flags.has('no-login-shell'),
      supervisor: { policy: { baseMs: 250, maxMs: 1000, maxAttempts: 2 } },
      // Only the servers whose tools the turn calls start (and those not learned yet).
      servers: { launch: 'unremembered', shell: 'cli' },
    });
    this.core = core;
    await core.ready;
    await core.mcp.settled(this.timeoutMs);
    // The turn offers the skills of ready servers: wait for their listings too.
    await core.skills.idle();
    // The turn runs without their tools; say why and how to fix it.
    for (const s of core.mcp.registry.list()) {
      if (s.status.kind === 'needs-sign-in')
        this.notes.push(needsSignInError(s.config.name).message);
    }
    return core;
  }

  /**
   * The form, registry and bundle services over this data dir's servers file and secret store,
   * without starting any server (`add`, `remove`, `search`, `install`).
   */
  async gettingServers(): Promise<GettingServers & { files: ServersFileService }> {
    const paths = { ...appPaths(this.dataDir), serversFile: this.configFile };
    const store = this.secretStore();
    const files = new ServersFileService({
      file: this.configFile,
      env: this.env,
      log: this.log.child('config'),
    });
    await files.load();
    const settings = new SettingsService({
      file: paths.settingsFile,
      secrets: store,
      events: new HostEvents(),
      env: this.env,
      log: this.log.child('settings'),
    });
    await settings.load();
    const secrets = this.serverSecrets();
    const mcp = new McpService({
      dataDir: this.dataDir,
      logsDir: paths.logsDir,
      files,
      events: new HostEvents(),
      log: this.log,
      env: this.env,
      useLoginShell: !this.args.flags.has('no-login-shell'),
      secrets,
      shell: 'cli',
      idleSweepMs: 0,
    });
    this.mcp = mcp;
    const services = createGettingServers({
      platform: { paths, env: this.env },
      files,
      mcp,
      secrets,
      settings,
    });
    return { ...services, files };
  }

  /**
   * The data dir's history store, for its tasks. Opened without repairs: the app may be running
   * a turn on the same file right now.
   */
  historyStore(): ConversationStore {
    this.store ??= ConversationStore.open({
      file: join(this.dataDir, 'history.sqlite'),
      log: this.log.child('store'),
      recover: false,
    });
    return this.store;
  }

  /** Tool calls that run as tasks, stored with the app's (the same data dir). */
  tasks(mcp: McpService): TaskService {
    this.taskService ??= new TaskService({
      tasks: this.historyStore().tasks,
      mcp,
      log: this.log.child('tasks'),
    });
    return this.taskService;
  }

  async dispose(): Promise<void> {
    await this.taskService?.dispose();
    await this.mcp?.dispose();
    await this.core?.dispose();
    this.store?.close();
    // A cancelled sign-in forgets its verifier in the background: let that reach the file.
    await this.oauth?.flush();
  }
}

function flagArgv(args: CliArgs): string[] {
  const dir = flagString(args, 'data-dir');
  return dir ? ['--data-dir', dir] : [];
}
