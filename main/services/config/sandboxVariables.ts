/**
 * The variables a sandbox path may use, besides a leading `~` (the home folder) and
 * `${env:NAME}` (substituted with the rest of the file):
 * - `${userHome}`: the home folder (VS Code's name for it);
 * - `${cwd}`, `${workspaceFolder}`: the server's working folder (its `cwd`, else the host's);
 * - `${roots}`: each folder the person granted as a root (an entry starting with it stands for
 *   one entry per root, and for none while there are no roots);
 * - `${serverState}`: the server's own state folder in the data folder.
 */
export const SANDBOX_VARIABLES = [
  'userHome',
  'cwd',
  'workspaceFolder',
  'roots',
  'serverState',
] as const;
export type SandboxVariable = (typeof SANDBOX_VARIABLES)[number];

const reference = /\$\{([^}]*)\}/g;
const known: ReadonlySet<string> = new Set(SANDBOX_VARIABLES);

/** What is wrong with the variables of one path entry: unknown names, `${roots}` not first. */
export function checkSandboxVariables(value: string): {
  unknown: string[];
  rootsMisplaced: boolean;
} {
  const unknown: string[] = [];
  let rootsMisplaced = false;
  for (const match of value.matchAll(reference)) {
    const name = match[1] ?? '';
    if (!known.has(name)) unknown.push(match[0]);
    else if (name === 'roots' && match.index !== 0) rootsMisplaced = true;
  }
  return { unknown, rootsMisplaced };
}

/** The values the variables stand for when a server starts. */
export interface SandboxVariableValues {
  home: string;
  cwd: string;
  roots: readonly string[];
  serverState: string;
}

/**
 * One written entry as the paths it stands for (`${roots}` gives one per root); `~` and the
 * variables put in, the rest as written (relative paths are resolved by the caller).
 */
export function expandSandboxVariables(value: string, values: SandboxVariableValues): string[] {
  const withHome =
    value === '~' || value.startsWith('~/') || value.startsWith('~\\')
      ? values.home + value.slice(1)
      : value;
  const starts = withHome.startsWith('${roots}') ? values.roots : [undefined];
  return starts.map((root) =>
    withHome.replace(reference, (whole, name: string) => {
      switch (name) {
        case 'userHome':
          return values.home;
        case 'cwd':
        case 'workspaceFolder':
          return values.cwd;
        case 'serverState':
          return values.serverState;
        case 'roots':
          return root ?? whole;
        default:
          return whole;
      }
    }),
  );
}
