import type { InstallEvent } from './installElectron.mjs';

export interface InstallProgress {
  onEvent: (event: InstallEvent) => void;
  end: () => void;
}

export function createInstallProgress(stream: {
  write(text: string): unknown;
  isTTY?: boolean;
}): InstallProgress;
