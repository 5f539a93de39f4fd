export interface StartProbe {
  /** The repository root (where node_modules is). */
  root: string;
  env?: Readonly<Record<string, string | undefined>>;
  platform?: NodeJS.Platform;
  exists?: (path: string) => boolean;
  read?: (path: string, encoding: 'utf8') => string;
}

export type StartMode = { mode: 'electron' } | { mode: 'web'; reason: string };

export function electronBinary(probe: StartProbe): string | undefined;
export function chooseStart(probe: StartProbe): StartMode;
