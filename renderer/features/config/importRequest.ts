import type { ImportSource } from '../../../shared/domain/mcpViews';
import type { ImportRequest } from '../../stores/configStore';

export type RenameError = 'empty' | 'duplicate';

export type ImportRequestResult =
  { ok: true; request: ImportRequest } | { ok: false; renameErrors: Record<string, RenameError> };

/**
 * The `config.applyImport` request for what the person picked. Conflicting servers go in
 * under their new names; two picked servers may not end up with the same name (main
 * refuses names that exist in the file; it cannot know what we meant by two equal ones).
 */
export function importRequest(
  source: ImportSource,
  picked: Record<string, boolean>,
  renames: Record<string, string>,
  inputs: Record<string, string>,
  moveSecrets = false,
): ImportRequestResult {
  const chosen = source.servers.filter((s) => picked[s.name] === true);
  const finalNames = new Map<string, string>();
  const renameErrors: Record<string, RenameError> = {};
  const used = new Map<string, number>();
  for (const server of chosen) {
    const name = server.conflict
      ? (renames[server.name] ?? server.suggestedName).trim()
      : server.name;
    finalNames.set(server.name, name);
    used.set(name, (used.get(name) ?? 0) + 1);
  }
  for (const server of chosen) {
    if (!server.conflict) continue;
    const name = finalNames.get(server.name) ?? '';
    if (name === '') renameErrors[server.name] = 'empty';
    else if ((used.get(name) ?? 0) > 1) renameErrors[server.name] = 'duplicate';
  }
  if (chosen.length === 0 || Object.keys(renameErrors).length > 0)
    return { ok: false, renameErrors };
  const request: ImportRequest = {
    sourceId: source.id,
    names: chosen.map((s) => s.name),
    renames: Object.fromEntries(
      chosen
        .filter((s) => s.conflict)
        .map((s) => [s.name, finalNames.get(s.name) ?? s.suggestedName]),
    ),
    inputs: Object.fromEntries(
      source.inputs.flatMap((i) => {
        const value = inputs[i.id] ?? '';
        return value === '' ? [] : [[i.id, value] as const];
      }),
    ),
    ...(moveSecrets ? { moveSecrets: true } : {}),
  };
  return { ok: true, request };
}
