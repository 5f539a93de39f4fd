import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { packagedHelperPaths } from './packagedHelperPaths';
import type { EngineConfig, RawViolation, SandboxEngine, SandboxPlatform } from './SandboxEngine';

type Runtime = typeof import('@anthropic-ai/sandbox-runtime');

/**
 * The sandbox runtime behind the {@link SandboxEngine} seam. The library is imported on first
 * use (a quarter of a second, and only hosts with a sandboxed server pay it); its
 * `SandboxManager` is one per process, so so is this engine (see {@link sharedAsrtEngine}).
 */
export function createAsrtEngine(platform: NodeJS.Platform = process.platform): SandboxEngine {
  let loading: Promise<Runtime> | undefined;
  // Set once loaded, for the calls that must take effect before the next step (a spawn).
  let manager: Runtime['SandboxManager'] | undefined;
  const runtime = (): Promise<Runtime> =>
    (loading ??= import('@anthropic-ai/sandbox-runtime').then((module) => {
      manager = module.SandboxManager;
      return module;
    }));
  const listeners = new Set<(violation: RawViolation) => void>();
  let unsubscribe: (() => void) | undefined;

  const watch = (sandbox: Runtime['SandboxManager']): void => {
    if (unsubscribe) return;
    const store = sandbox.getSandboxViolationStore();
    let seen = store.getTotalCount();
    // The store calls back with its whole (bounded) tail on every addition: take the new ones.
    unsubscribe = store.subscribe((all) => {
      const total = store.getTotalCount();
      const fresh = all.slice(Math.max(0, all.length - (total - seen)));
      seen = total;
      for (const event of fresh) {
        const violation: RawViolation = {
          line: event.line,
          at: event.timestamp.getTime(),
          ...(event.encodedCommand ? { encodedCommand: event.encodedCommand } : {}),
        };
        for (const listener of listeners) {
          try {
            listener(violation);
          } catch {
            // One listener's failure must not hide the violation from the others.
          }
        }
      }
    });
  };

  const sandboxPlatform = toSandboxPlatform(platform);
  // The helpers' unpacked paths in a packaged app (nothing to add elsewhere).
  const helpers = (): Partial<EngineConfig> => {
    if (!sandboxPlatform) return {};
    const entry = createRequire(import.meta.url).resolve('@anthropic-ai/sandbox-runtime');
    return packagedHelperPaths(dirname(dirname(entry)), sandboxPlatform);
  };
  const complete = (config: EngineConfig): EngineConfig => ({ ...config, ...helpers() });

  return {
    platform: sandboxPlatform,
    async checkDependencies(config) {
      const { SandboxManager } = await runtime();
      const ripgrep = config?.ripgrep;
      return SandboxManager.checkDependenciesAsync(ripgrep);
    },
    async initialize(config: EngineConfig) {
      const { SandboxManager } = await runtime();
      const before = signalListeners();
      // No ask callback: a host no rule allows is refused, never asked about.
      await SandboxManager.initialize(complete(config), undefined, true);
      keepSignalDefaults(before);
      watch(SandboxManager);
    },
    updateConfig(config) {
      loaded().updateConfig(complete(config));
    },
    async wrap(request) {
      const { SandboxManager } = await runtime();
      const { argv } = await SandboxManager.wrapWithSandboxArgv(
        request.command,
        request.binShell,
        request.custom,
        undefined,
        request.cwd,
        { commandId: request.commandId },
      );
      return { argv };
    },
    registerNetwork(commandId, allowedDomains) {
      loaded().registerCommandNetworkLists(commandId, { allowedDomains });
    },
    unregisterNetwork(commandId) {
      manager?.unregisterCommandNetworkLists(commandId);
    },
    onViolation(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    commandEnded() {
      manager?.cleanupAfterCommand();
    },
    async reset() {
      unsubscribe?.();
      unsubscribe = undefined;
      await manager?.reset();
    },
  };

  function loaded(): Runtime['SandboxManager'] {
    if (!manager) throw new Error('the sandbox runtime is not loaded yet');
    return manager;
  }
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

type SignalListener = NodeJS.SignalsListener;

function signalListeners(): Map<string, SignalListener[]> {
  return new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
}

/**
 * The runtime cleans up on SIGINT and SIGTERM by listening for them, and a listener takes away
 * Node's default of ending the process: a host with no handler of its own (the Electron app
 * started from a terminal) would then outlive Ctrl+C. Its listeners are wrapped so that, when
 * no one else listens, the signal is raised again after the cleanup starts and ends the process
 * as it would have.
 */
function keepSignalDefaults(before: Map<string, SignalListener[]>): void {
  for (const signal of SIGNALS) {
    const earlier = before.get(signal) ?? [];
    for (const listener of process.listeners(signal)) {
      if (earlier.includes(listener)) continue;
      process.removeListener(signal, listener);
      process.once(signal, (received: NodeJS.Signals) => {
        listener(received);
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      });
    }
  }
}

let shared: SandboxEngine | undefined;

/** The process's one engine over the runtime's one `SandboxManager`. */
export function sharedAsrtEngine(): SandboxEngine {
  return (shared ??= createAsrtEngine());
}

function toSandboxPlatform(platform: NodeJS.Platform): SandboxPlatform | undefined {
  switch (platform) {
    case 'linux':
      return 'linux';
    case 'darwin':
      return 'macos';
    case 'win32':
      return 'windows';
    default:
      return undefined;
  }
}
