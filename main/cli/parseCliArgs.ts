/** `cli <command> [positionals…] [--flag value] [--switch]`, parsed without surprises. */
export interface CliArgs {
  command: string | undefined;
  positionals: string[];
  flags: Map<string, string | true>;
  /** Repeatable flags that take several values (`--attach <server> <uri>`), in order given. */
  lists: Map<string, string[][]>;
  /** Everything after a bare `--` (`add NAME -- COMMAND ARGS…`), also in `positionals`. */
  passthrough?: string[];
}

const SWITCHES = new Set([
  'json',
  'help',
  'no-login-shell',
  'no-browser',
  'allow-untrusted',
  'detach',
  'task',
  'ignore-grants',
  'dry-run',
]);
/** Flags that take every value up to the next flag (`--roots DIR DIR…`); repeatable. */
const VARIADIC = new Set(['roots']);
/** Flags that take this many values and may be given more than once. */
const MULTI_VALUE = new Map([
  ['attach', 2],
  ['prompt', 2],
  ['env', 1],
  ['secret-env', 1],
  ['header', 1],
  ['secret-header', 1],
  // `--docker-arg=--privileged`: with `=`, a value may start with dashes.
  ['docker-arg', 1],
]);

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  const lists = new Map<string, string[][]>();
  let passthrough: string[] | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      passthrough = argv.slice(i + 1);
      positionals.push(...passthrough);
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = arg.slice(2, eq < 0 ? undefined : eq);
      const arity = MULTI_VALUE.get(name);
      if (VARIADIC.has(name) && eq < 0) {
        let end = i + 1;
        while (end < argv.length && !(argv[end] ?? '').startsWith('--')) end++;
        const values = argv.slice(i + 1, end);
        if (values.length === 0) throw new CliUsageError(`--${name} needs at least one value`);
        lists.set(name, [...(lists.get(name) ?? []), values]);
        i = end - 1;
      } else if (arity !== undefined && eq < 0) {
        const values = argv.slice(i + 1, i + 1 + arity);
        if (values.length < arity || values.some((v) => v.startsWith('--'))) {
          throw new CliUsageError(`--${name} needs ${String(arity)} values`);
        }
        lists.set(name, [...(lists.get(name) ?? []), values]);
        i += arity;
      } else if (arity === 1) {
        // `--env=NAME=VALUE` as well as `--env NAME=VALUE`.
        lists.set(name, [...(lists.get(name) ?? []), [arg.slice(eq + 1)]]);
      } else if (eq >= 0) flags.set(name, arg.slice(eq + 1));
      else if (SWITCHES.has(name)) flags.set(name, true);
      else {
        const value = argv[i + 1];
        if (value === undefined) throw new CliUsageError(`--${name} needs a value`);
        flags.set(name, value);
        i++;
      }
    } else {
      positionals.push(arg);
    }
  }
  const [command, ...rest] = positionals;
  return { command, positionals: rest, flags, lists, ...(passthrough ? { passthrough } : {}) };
}

/** Wrong usage: printed with the usage text, exit code 1. */
export class CliUsageError extends Error {}

export function flagString(args: CliArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  return typeof value === 'string' ? value : undefined;
}

export function flagNumber(args: CliArgs, name: string, fallback: number): number {
  const value = flagString(args, name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new CliUsageError(`--${name} must be a positive number`);
  return n;
}

/** `--args JSON` as an object. */
export function flagJsonObject(args: CliArgs, name: string): Record<string, unknown> {
  const value = flagString(args, name);
  if (value === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new CliUsageError(`--${name} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new CliUsageError(`--${name} must be a JSON object`);
  }
  return parsed as Record<string, unknown>;
}
