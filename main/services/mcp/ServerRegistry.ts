import type { ServerConfig } from '../../../shared/domain/serverConfig';
import { diffServers } from '../config/diffServers';
import { Emitter } from '../base/Emitter';
import type { Tool } from './session/mcpTypes';
import type { ServerSupervisor } from './supervisor/ServerSupervisor';

export interface RegistryChange {
  added: string[];
  removed: string[];
  changed: string[];
  unchanged: string[];
}

/**
 * Reconciles the desired servers (the config) with running supervisors: starts the added,
 * stops the removed, replaces the changed and leaves the unchanged running untouched.
 */
export class ServerRegistry {
  private readonly supervisors = new Map<string, ServerSupervisor>();
  private order: string[] = [];
  private readonly changed = new Emitter<void>();
  private readonly toolsChanged = new Emitter<{ server: string; tools: readonly Tool[] }>();
  private readonly unsubscribers = new Map<string, (() => void)[]>();
  /** Any server added, removed or changing status. */
  readonly onDidChange = this.changed.event;
  /** A server's tool list changed (connect, list_changed, disconnect). */
  readonly onDidChangeTools = this.toolsChanged.event;

  constructor(
    private readonly createSupervisor: (config: ServerConfig) => ServerSupervisor,
    private readonly attach: (supervisor: ServerSupervisor) => (() => void)[] = () => [],
    /** Sets a new supervisor going: starts it, or leaves it waiting until it is needed. */
    private readonly begin: (supervisor: ServerSupervisor) => void = (s) => s.start(),
  ) {}

  list(): ServerSupervisor[] {
    return this.order.flatMap((name) => this.supervisors.get(name) ?? []);
  }

  get(name: string): ServerSupervisor | undefined {
    return this.supervisors.get(name);
  }

  /** Applies a config; resolves once removed and changed servers are stopped. */
  async apply(servers: readonly ServerConfig[]): Promise<RegistryChange> {
    const current = this.list().map((s) => s.config);
    const diff = diffServers(current, [...servers]);
    const names = (list: readonly { name: string }[]) => list.map((c) => c.name);
    const result: RegistryChange = {
      added: names(diff.added),
      removed: names(diff.removed),
      changed: diff.changed.map((c) => c.next.name),
      unchanged: names(diff.unchanged),
    };
    const stopping = [...result.removed, ...result.changed].map((name) => this.remove(name));
    this.order = servers.map((s) => s.name);
    await Promise.all(stopping);
    for (const config of servers) {
      if (this.supervisors.has(config.name)) continue;
      const supervisor = this.createSupervisor(config);
      this.supervisors.set(config.name, supervisor);
      this.unsubscribers.set(config.name, [
        supervisor.onDidChangeStatus(() => this.changed.fire()),
        supervisor.onDidChangeTools((tools) =>
          this.toolsChanged.fire({ server: config.name, tools }),
        ),
        ...this.attach(supervisor),
      ]);
      this.begin(supervisor);
    }
    this.changed.fire();
    return result;
  }

  /** Stops every server and its process tree, in parallel. */
  async disposeAll(): Promise<void> {
    const names = [...this.supervisors.keys()];
    this.order = [];
    await Promise.all(names.map((name) => this.remove(name)));
    this.changed.fire();
  }

  private async remove(name: string): Promise<void> {
    const supervisor = this.supervisors.get(name);
    if (!supervisor) return;
    this.supervisors.delete(name);
    for (const unsubscribe of this.unsubscribers.get(name) ?? []) unsubscribe();
    this.unsubscribers.delete(name);
    await supervisor.dispose();
    this.toolsChanged.fire({ server: name, tools: [] });
  }
}
