/** A server's resolved start: the program found on PATH, its arguments, environment, folder. */
export interface LaunchTarget {
  program: string;
  args: readonly string[];
  env: Readonly<Record<string, string>>;
  cwd: string | undefined;
}

/** What to spawn in its place, and what to call once the whole tree has ended. */
export interface WrappedLaunch {
  file: string;
  args: string[];
  env: Record<string, string>;
  release(): void;
}

/**
 * Turns a server's start into another one (the sandbox: the runtime's wrapper around it).
 * Rejects with an AppError saying why when it cannot: the server then does not start at all.
 */
export type ProcessWrapper = (target: LaunchTarget) => Promise<WrappedLaunch>;
