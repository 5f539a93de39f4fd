import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime';

/** The systems the sandbox runtime confines processes on. */
export type SandboxPlatform = 'linux' | 'macos' | 'windows';

/** The runtime's configuration (its own type: the seam passes it through unchanged). */
export type EngineConfig = SandboxRuntimeConfig;

/** One command to wrap: a shell command line, the per-command rules, its attribution id. */
export interface EngineWrapRequest {
  command: string;
  /** Per-command filesystem rules (macOS and Linux: all of them; Windows: denies only). */
  custom: Partial<EngineConfig>;
  /** 128 random bits: attributes violations and the proxy's per-command allow list. */
  commandId: string;
  /** The shell that runs `command` inside the sandbox (`/bin/sh`, or `cmd` on Windows). */
  binShell: string;
  cwd: string;
}

/** What to spawn (no shell on the host: `argv[0]` with the rest as arguments). */
export interface EngineWrapped {
  argv: string[];
}

/** A refused attempt as the runtime reports it. */
export interface RawViolation {
  /** `deny network-outbound host:port (reason)`, `deny openat /path`, Seatbelt's line, … */
  line: string;
  /** The attribution key it came with (base64 of the command id), when it had one. */
  encodedCommand?: string;
  at: number;
}

/**
 * The seam over the sandbox runtime (`@anthropic-ai/sandbox-runtime`, a process-wide
 * singleton): everything the host asks of it, so the platform paths can be tested with a fake
 * and the real one is loaded only when a sandboxed server starts.
 */
export interface SandboxEngine {
  /** The system it runs on, or undefined where the runtime has no sandbox. */
  readonly platform: SandboxPlatform | undefined;
  /** What is missing for it to run here (errors) or runs weaker (warnings). */
  checkDependencies(config?: Partial<EngineConfig>): Promise<{
    errors: string[];
    warnings: string[];
  }>;
  /** Starts the proxies (and the violation monitor); once per session. */
  initialize(config: EngineConfig): Promise<void>;
  /** Replaces the session config (the network lists apply from the next connection). */
  updateConfig(config: EngineConfig): void;
  wrap(request: EngineWrapRequest): Promise<EngineWrapped>;
  /** The hosts one command may reach, on top of the session's lists. */
  registerNetwork(commandId: string, allowedDomains: string[]): void;
  unregisterNetwork(commandId: string): void;
  /** Each new refused attempt; returns the unsubscribe. */
  onViolation(listener: (violation: RawViolation) => void): () => void;
  /** A wrapped command ended (the runtime removes its mount points once none runs). */
  commandEnded(): void;
  /** Stops the proxies and forgets the session. */
  reset(): Promise<void>;
}
