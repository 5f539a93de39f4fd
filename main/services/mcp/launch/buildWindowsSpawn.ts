/** What to hand to `child_process.spawn` on Windows for one resolved command. */
export interface WindowsSpawn {
  file: string;
  args: string[];
  /** True when `args` carry a hand-quoted command line that Node must pass through untouched. */
  windowsVerbatimArguments: boolean;
}

// Characters cmd.exe treats specially; each is escaped with a caret.
const CMD_META = /([()\][%!^"`<>&|;, *?])/g;

// npm's cmd-shims re-parse their arguments with `%*`, so those need a second round of escaping.
const NPM_CMD_SHIM = /node_modules[\\/]\.bin[\\/][^\\/]+\.cmd$/i;

/**
 * Builds the spawn call for a resolved Windows command. `.exe`/`.com` run directly. Anything
 * else (`npx.cmd`, `.bat` files) cannot be started by CreateProcess and goes through
 * `cmd.exe /d /s /c "<line>"` with every argument quoted for the C runtime and escaped for cmd,
 * so spaces, quotes and `&|<>^` in arguments arrive intact and are never run as commands.
 *
 * The rules are cross-spawn's; that package decides by `process.platform` at load time, so its
 * Windows path could never run in tests on Linux or macOS. Here the platform is a parameter.
 */
export function buildWindowsSpawn(
  resolvedCommand: string,
  args: readonly string[],
  comspec = 'cmd.exe',
): WindowsSpawn {
  if (/\.(?:com|exe)$/i.test(resolvedCommand)) {
    return { file: resolvedCommand, args: [...args], windowsVerbatimArguments: false };
  }
  const doubleEscape = NPM_CMD_SHIM.test(resolvedCommand);
  const line = [
    escapeCmdCommand(resolvedCommand),
    ...args.map((arg) => escapeCmdArgument(arg, doubleEscape)),
  ].join(' ');
  return {
    file: comspec,
    args: ['/d', '/s', '/c', `"${line}"`],
    windowsVerbatimArguments: true,
  };
}

/** Escapes the program path for cmd.exe (carets only: a quoted path would change /s parsing). */
export function escapeCmdCommand(command: string): string {
  return command.replace(CMD_META, '^$1');
}

/**
 * Quotes one argument by the Microsoft C runtime rules (backslashes before a quote or the end
 * are doubled, quotes become \"), then caret-escapes cmd.exe's special characters — twice when
 * the target re-parses its arguments through cmd again.
 */
export function escapeCmdArgument(arg: string, doubleEscape = false): string {
  let quoted = '"';
  let backslashes = 0;
  for (const char of arg) {
    if (char === '\\') {
      backslashes++;
      continue;
    }
    if (char === '"') {
      quoted += '\\'.repeat(backslashes * 2 + 1) + '"';
    } else {
      quoted += '\\'.repeat(backslashes) + char;
    }
    backslashes = 0;
  }
  quoted += '\\'.repeat(backslashes * 2) + '"';
  let escaped = quoted.replace(CMD_META, '^$1');
  if (doubleEscape) escaped = escaped.replace(CMD_META, '^$1');
  return escaped;
}
