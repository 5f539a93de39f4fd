import { posix, win32 } from 'node:path';

/** Where a server's sensitive neighbours are, for one system. */
export interface SensitivePathsInput {
  platform: NodeJS.Platform;
  home: string;
  /** The host's data folder: settings, secrets (`secrets.json`), conversations, logs. */
  dataDir: string;
  /** Windows: %APPDATA% and %LOCALAPPDATA% (defaults under the home folder). */
  env?: Readonly<Record<string, string | undefined>>;
}

/** Credentials of command-line tools, the same place on every system (relative to home). */
const HOME_CREDENTIALS = [
  '.ssh',
  '.aws',
  '.azure',
  '.gnupg',
  '.config/gcloud',
  '.kube',
  '.docker/config.json',
  '.netrc',
  '.git-credentials',
  '.config/gh',
  '.password-store',
];

/** Linux: browser profiles and the secret service's keyrings. */
const LINUX = [
  '.mozilla',
  'snap/firefox',
  '.config/google-chrome',
  '.config/chromium',
  '.config/BraveSoftware',
  '.config/microsoft-edge',
  '.config/vivaldi',
  '.local/share/keyrings',
  '.pki',
];

/** macOS: keychains, browser profiles and cookies. */
const MACOS = [
  'Library/Keychains',
  'Library/Cookies',
  'Library/Safari',
  'Library/Application Support/Google/Chrome',
  'Library/Application Support/Chromium',
  'Library/Application Support/Firefox',
  'Library/Application Support/BraveSoftware',
  'Library/Application Support/Microsoft Edge',
  'Library/Application Support/Vivaldi',
];

/** Windows, under %APPDATA%: credentials, DPAPI keys, Firefox profiles. */
const WINDOWS_ROAMING = ['Microsoft\\Credentials', 'Microsoft\\Protect', 'Mozilla\\Firefox'];
/** Windows, under %LOCALAPPDATA%: credentials and browser profiles. */
const WINDOWS_LOCAL = [
  'Microsoft\\Credentials',
  'Google\\Chrome\\User Data',
  'Microsoft\\Edge\\User Data',
  'BraveSoftware',
  'Vivaldi\\User Data',
];

/**
 * The places a sandboxed server may not read unless its rules say otherwise: the host's own
 * data folder (its secrets, conversations, logs and settings), command-line credentials
 * (`~/.ssh`, `~/.aws`, `~/.gnupg`, `~/.config/gcloud`, `~/.kube`, `~/.docker/config.json`,
 * `~/.netrc`, …), browser profiles and the system's keychain or secret-service folders.
 * Listed whether or not they exist: one created later is covered too.
 */
export function sensitivePaths(input: SensitivePathsInput): string[] {
  const windows = input.platform === 'win32';
  const path = windows ? win32 : posix;
  const home = (relative: string): string => path.join(input.home, ...relative.split('/'));
  const out = [input.dataDir, ...HOME_CREDENTIALS.map(home)];
  if (input.platform === 'darwin') out.push(...MACOS.map(home));
  else if (windows) {
    const roaming = input.env?.APPDATA ?? path.join(input.home, 'AppData', 'Roaming');
    const local = input.env?.LOCALAPPDATA ?? path.join(input.home, 'AppData', 'Local');
    out.push(...WINDOWS_ROAMING.map((p) => path.join(roaming, p)));
    out.push(...WINDOWS_LOCAL.map((p) => path.join(local, p)));
  } else out.push(...LINUX.map(home));
  return out;
}
