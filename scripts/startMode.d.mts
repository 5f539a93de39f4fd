import type { InstallEvent, InstallResult, RunElectronInstaller } from './installElectron.mjs';

export interface StartProbe {
  /** The repository root (where node_modules is). */
  root: string;
  env?: Readonly<Record<string, string | undefined>>;
  platform?: NodeJS.Platform | 'mas';
  exists?: (path: string) => boolean;
  read?: (path: string, encoding: 'utf8') => string;
}

export interface StartDecision extends StartProbe {
  /** The electron package's installer (default: runElectronInstaller). */
  install?: RunElectronInstaller;
  onInstallEvent?: (event: InstallEvent) => void;
}

export type StartMode = { mode: 'electron'; binary: string } | { mode: 'web'; reason: string };

export function electronBinary(probe: StartProbe): string | undefined;
export function decideStart(decision: StartDecision): Promise<StartMode>;
export type { InstallEvent, InstallResult };
