/** What the probe inside the electron package's installer reports. */
export type InstallEvent =
  | { type: 'request'; url: string }
  | { type: 'response'; url: string; status: number; statusText: string; total?: number }
  | { type: 'progress'; url: string; transferred: number; total?: number }
  | { type: 'failed'; url: string; error: string };

export type InstallResult = { ok: true } | { ok: false; url?: string; error: string };

export type RunElectronInstaller = (options: {
  root: string;
  env?: Readonly<Record<string, string | undefined>>;
  onEvent?: ((event: InstallEvent) => void) | undefined;
}) => Promise<InstallResult>;

export const runElectronInstaller: RunElectronInstaller;
