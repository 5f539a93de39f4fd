import type { SecretStorage, SecretStorageKind } from '../../shared/domain/secretStorage';
import type { PickPathRequest } from './createPathPicker';

/**
 * What differs between shells reaches the host core through these small interfaces,
 * so `main/services` never imports Electron.
 */
export interface SecretStore {
  /** A label for diagnostics ("OS keychain", "file"). */
  readonly kind: string;
  /** Where values are kept, as the window tells the person (see SecretStorageKind). */
  readonly storage: SecretStorageKind;
  get(name: string): Promise<string | undefined>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
  /** The names of the entries held, never their values (the Secrets list reads its part). */
  keys(): Promise<string[]>;
}

export interface OpenExternalOptions {
  /**
   * The person already agreed in our own UI (a URL consent panel, a "Sign in" click): no
   * second question. The URL checks (https, or http to this computer) still apply.
   */
  consented?: boolean;
}

export interface ExternalOpener {
  /** Opens an https URL outside the app, after the shell's own confirmation unless consented. */
  openExternal(url: string, options?: OpenExternalOptions): Promise<boolean>;
}

export interface AppPaths {
  dataDir: string;
  logsDir: string;
  settingsFile: string;
  secretsFile: string;
  serversFile: string;
}

export interface PlatformServices {
  shell: 'electron' | 'web';
  version: string;
  paths: AppPaths;
  secrets: SecretStore;
  /** Where `secrets` keeps them, told to the window; absent: the shell's usual store. */
  secretStorage?: SecretStorage;
  opener: ExternalOpener;
  /** A native folder picker (Electron); absent where there is none (web shell, CLI). */
  pickFolder?: () => Promise<string | null>;
  /** A native file or folder picker (Electron); absent in the web shell and the CLI. */
  pickPath?: (request: PickPathRequest) => Promise<string | null>;
  /** Environment the host was started with (API key fallback, base URL override). */
  env: Readonly<Record<string, string | undefined>>;
}
