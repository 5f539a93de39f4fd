/** Variables a POSIX server inherits from the login environment; everything else stays home. */
export const POSIX_INHERITED_ENV = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'] as const;

/**
 * Variables a Windows server inherits. The same list the MCP SDK's own stdio transport uses,
 * so a server behaves as it does under other hosts (COMSPEC and SYSTEMROOT are needed by
 * `.cmd` shims and by Node itself).
 */
export const WINDOWS_INHERITED_ENV = [
  'APPDATA',
  'COMSPEC',
  'HOMEDRIVE',
  'HOMEPATH',
  'LOCALAPPDATA',
  'PATH',
  'PATHEXT',
  'PROCESSOR_ARCHITECTURE',
  'PROGRAMDATA',
  'PROGRAMFILES',
  'PROGRAMFILES(X86)',
  'PROGRAMW6432',
  'SYSTEMDRIVE',
  'SYSTEMROOT',
  'TEMP',
  'USERNAME',
  'USERPROFILE',
  'WINDIR',
] as const;

/**
 * The complete environment of a server process: an allow-list from the login environment plus
 * the server's configured `env` on top. Nothing else from the host's environment (API keys,
 * tokens, Electron variables) reaches the server. Values that are exported shell functions
 * (`() { …`) are dropped, as they can carry code. On Windows, names match case-insensitively
 * (`Path` is `PATH`) and a configured name replaces the inherited one whatever its case.
 */
export function buildServerEnv(
  configured: Readonly<Record<string, string>>,
  loginEnv: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const windows = platform === 'win32';
  // On Windows, names are case-insensitive: key by upper case, keep the spelling last given.
  const entries = new Map<string, [string, string]>();
  const keyOf = (name: string): string => (windows ? name.toUpperCase() : name);
  const allowed = windows ? WINDOWS_INHERITED_ENV : POSIX_INHERITED_ENV;
  for (const name of allowed) {
    const value = windows ? lookupIgnoringCase(loginEnv, name) : loginEnv[name];
    if (value === undefined || value.startsWith('()')) continue;
    entries.set(keyOf(name), [name, value]);
  }
  for (const [name, value] of Object.entries(configured)) entries.set(keyOf(name), [name, value]);
  return Object.fromEntries(entries.values());
}

function lookupIgnoringCase(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
): string | undefined {
  if (env[name] !== undefined) return env[name];
  const upper = name.toUpperCase();
  for (const [key, value] of Object.entries(env)) {
    if (key.toUpperCase() === upper && value !== undefined) return value;
  }
  return undefined;
}
