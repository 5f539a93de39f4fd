import type {
  EngineConfig,
  EngineWrapRequest,
  RawViolation,
  SandboxEngine,
  SandboxPlatform,
} from '../SandboxEngine';

/**
 * A stand-in for the sandbox runtime (which confines processes only on the system it runs
 * on): records what the host asks of it, answers as the runtime does on `platform` — macOS and
 * Linux `[shell, '-c', <wrapped>]`, Windows srt-win's argv with its own `--env` pairs — and
 * lets a test report violations.
 */
export class FakeEngine implements SandboxEngine {
  readonly initialized: EngineConfig[] = [];
  readonly updates: EngineConfig[] = [];
  readonly wraps: EngineWrapRequest[] = [];
  readonly networks = new Map<string, string[]>();
  resets = 0;
  ended = 0;
  dependencyErrors: string[] = [];
  private readonly listeners = new Set<(violation: RawViolation) => void>();

  constructor(readonly platform: SandboxPlatform | undefined) {}

  checkDependencies() {
    return Promise.resolve({ errors: [...this.dependencyErrors], warnings: [] });
  }

  initialize(config: EngineConfig): Promise<void> {
    this.initialized.push(config);
    return Promise.resolve();
  }

  updateConfig(config: EngineConfig): void {
    this.updates.push(config);
  }

  wrap(request: EngineWrapRequest) {
    this.wraps.push(request);
    const argv =
      this.platform === 'windows'
        ? [
            'C:\\srt\\srt-win.exe',
            'exec',
            '--env',
            'HTTP_PROXY=http://proxy',
            '--',
            'cmd.exe',
            '/d',
            '/s',
            '/c',
            request.command,
          ]
        : [request.binShell, '-c', `bwrap --fake -- ${request.command}`];
    return Promise.resolve({ argv });
  }

  registerNetwork(commandId: string, allowedDomains: string[]): void {
    this.networks.set(commandId, allowedDomains);
  }

  unregisterNetwork(commandId: string): void {
    this.networks.delete(commandId);
  }

  onViolation(listener: (violation: RawViolation) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reports a violation as the runtime would, attributed to `commandId`. */
  report(line: string, commandId?: string): void {
    const violation: RawViolation = {
      line,
      at: Date.now(),
      ...(commandId ? { encodedCommand: Buffer.from(commandId).toString('base64') } : {}),
    };
    for (const listener of this.listeners) listener(violation);
  }

  commandEnded(): void {
    this.ended++;
  }

  reset(): Promise<void> {
    this.resets++;
    return Promise.resolve();
  }
}
