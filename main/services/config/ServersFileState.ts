import type { ServerConfig } from '../../../shared/domain/serverConfig';
import type { ConfigProblem } from './ConfigProblem';

/**
 * What the servers-file service knows: the servers in effect (from the last file that was
 * valid) and the current file's own problems. When the file on disk is broken, `servers` stays
 * on the last good config while `errors` says what is wrong with the file now.
 */
export interface ServersFileState {
  /** Absolute path of the servers file. */
  file: string;
  /** False until someone saves: a missing file is an empty config, not an error. */
  exists: boolean;
  /** The file's current text ('' when missing or unreadable), for the in-app editor. */
  text: string;
  /** SHA-256 of `text`; pass it back to `saveText` to detect edits made meanwhile. */
  hash: string;
  /** The servers in effect: the current file's when `valid`, otherwise the last good ones. */
  servers: ServerConfig[];
  /** True when the current file has no errors, i.e. `servers` reflects it. */
  valid: boolean;
  /** Problems that rejected the current file (syntax, schema, missing variables, I/O). */
  errors: ConfigProblem[];
  /** Unknown keys and ignored settings in the current file; never fatal. */
  warnings: ConfigProblem[];
}

/** The answer to an in-app save. */
export type SaveTextResult =
  | { saved: true; state: ServersFileState }
  | {
      saved: false;
      /** `invalid`: the text is not JSON. `conflict`: the file changed since it was loaded. */
      reason: 'invalid' | 'conflict';
      errors: ConfigProblem[];
      state: ServersFileState;
    };
