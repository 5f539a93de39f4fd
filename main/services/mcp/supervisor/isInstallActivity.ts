/**
 * Whether a stderr line shows a package manager at work (cold `npx -y`, `uvx`, `pipx run`):
 * while it is, the startup timeout is extended instead of killing the install.
 */
export function isInstallActivity(line: string): boolean {
  return INSTALL_PATTERNS.some((pattern) => pattern.test(line));
}

const INSTALL_PATTERNS = [
  /^npm (http|warn|notice|info)\b/i,
  /\bneed to install the following packages\b/i,
  /\badded \d+ packages?\b/i,
  /\b(downloading|installing|resolving|fetching|extracting)\b/i,
  /\b(resolved|prepared|installed|downloaded) \d+ packages?\b/i,
  /\bcollecting \S+/i,
];
