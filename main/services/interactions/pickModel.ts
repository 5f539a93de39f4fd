import type { SamplingRequestView } from '../../../shared/domain/interactions';

/**
 * The model to pre-select for a sampling request: the first hint (in the server's order of
 * preference) that is a case-insensitive substring of an available model id, else the default.
 * Hints are advisory (MCP): the person can pick another model.
 */
export function pickModel(
  preferences: SamplingRequestView['modelPreferences'],
  available: readonly string[],
  defaultModel: string,
): string {
  for (const hint of preferences?.hints ?? []) {
    const wanted = hint.name?.trim().toLowerCase();
    if (!wanted) continue;
    // Prefer the newest-looking id among matches: ids sort by date suffix within a family.
    const matches = available.filter((id) => id.toLowerCase().includes(wanted));
    const exact = matches.find((id) => id.toLowerCase() === wanted);
    if (exact) return exact;
    if (matches.length > 0) return [...matches].sort().at(-1) ?? defaultModel;
  }
  return defaultModel;
}
