import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ServerStatus } from '../../../../shared/domain/serverStatus';
import type { EventName } from '../../../../shared/ipc/names';
import { createLogger } from '../../../platform/Logger';
import { ServersFileService } from '../../config/ServersFileService';
import { HostEvents } from '../../base/HostEvents';
import type { ServerSecrets } from '../../secrets/ServerSecrets';
import type { SignInDeps } from '../auth/SignInFlow';
import { McpService } from '../McpService';
import type { SupervisorDeps } from '../supervisor/ServerSupervisor';
import type { ServerSandboxing } from '../../sandbox/ServerSandboxing';

export { fixtureServer } from '../launch/testing/ProcessJanitor';

/** Test harness: a real servers file in a temp dir, a real McpService, recorded events. */
export class McpHarness {
  readonly events: { name: EventName; payload: unknown }[] = [];
  private constructor(
    readonly dir: string,
    readonly file: string,
    readonly mcp: McpService,
    readonly files: ServersFileService,
  ) {}

  static async start(
    servers: Record<string, unknown>,
    supervisor: Partial<Pick<SupervisorDeps, 'policy' | 'killGraceMs' | 'installGraceMs'>> = {},
    options: {
      secrets?: ServerSecrets;
      signIn?: SignInDeps;
      env?: Record<string, string | undefined>;
      /** The sandbox (a session over a fake runtime, say); the process's real one otherwise. */
      sandbox?: (dataDir: string) => ServerSandboxing;
    } = {},
  ): Promise<McpHarness> {
    const env = options.env ?? { PATH: process.env.PATH, HOME: process.env.HOME };
    const dir = await mkdtemp(join(tmpdir(), 'sb-mcp-'));
    const file = join(dir, 'servers.json');
    await writeFile(file, JSON.stringify({ mcpServers: servers }, null, 2));
    const log = createLogger({ consoleLevel: 'silent', file: join(dir, 'logs', 'main.log') });
    const events = new HostEvents();
    const files = new ServersFileService({
      file,
      env,
      log,
      debounceMs: 50,
    });
    const mcp = new McpService({
      dataDir: dir,
      logsDir: join(dir, 'logs'),
      files,
      events,
      log,
      env,
      useLoginShell: false,
      ...(options.secrets ? { secrets: options.secrets } : {}),
      ...(options.signIn ? { signIn: options.signIn } : {}),
      ...(options.sandbox ? { sandbox: options.sandbox(dir) } : {}),
      supervisor: {
        killGraceMs: 300,
        policy: { baseMs: 100, maxMs: 400, maxAttempts: 2 },
        ...supervisor,
      },
    });
    const harness = new McpHarness(dir, file, mcp, files);
    events.subscribe((name, payload) => harness.events.push({ name, payload }));
    await mcp.start();
    return harness;
  }

  status(name: string): ServerStatus {
    return this.mcp.supervisor(name).status;
  }

  /** Waits until the server's status has the given kind (bounded poll). */
  async until(name: string, kind: ServerStatus['kind'], timeout = 20_000): Promise<ServerStatus> {
    await expect
      .poll(() => this.mcp.registry.get(name)?.status.kind, { timeout, interval: 25 })
      .toBe(kind);
    return this.status(name);
  }

  async writeConfig(servers: Record<string, unknown>): Promise<void> {
    await writeFile(this.file, JSON.stringify({ mcpServers: servers }, null, 2));
  }

  async dispose(): Promise<void> {
    await this.mcp.dispose();
  }
}

/** A stdio entry for a fixture server run with this Node. */
export function nodeServer(
  script: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { command: process.execPath, args: [script], ...extra };
}
