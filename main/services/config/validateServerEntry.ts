import type { ConfigProblem } from './ConfigProblem';
import { parseServersText } from './parseServersText';
import { SERVERS_KEY, type ServerEntry } from './ServerEntry';
import type { EnvLookup } from '../base/substituteEnv';

export interface EntryValidation {
  /** Problems that would make the servers file invalid if this entry were added. */
  errors: ConfigProblem[];
  /** `${env:NAME}` references not set right now: allowed (the person may set them later). */
  missingEnv: ConfigProblem[];
  warnings: ConfigProblem[];
}

/**
 * Checks one entry before it is written into the servers file, so adding or importing a server
 * can never turn a working file into a rejected one. Locations in the returned problems refer to
 * a scratch document, so only messages and paths are meaningful.
 */
export function validateServerEntry(
  name: string,
  entry: ServerEntry,
  env: EnvLookup,
): EntryValidation {
  const text = JSON.stringify({ [SERVERS_KEY]: { [name]: entry } });
  const { errors, warnings } = parseServersText(text, env);
  return {
    errors: errors.filter((problem) => problem.kind !== 'env'),
    missingEnv: errors.filter((problem) => problem.kind === 'env'),
    warnings,
  };
}
