import { parseModelRef } from '../../../shared/domain/modelRef';
import type { SamplingRequestView } from '../../../shared/domain/interactions';

/**
 * The model to pre-select for a sampling request, across every provider: the first hint (in
 * the server's order of preference) that is a case-insensitive substring of an available
 * model's id — the id as its provider spells it, so `claude-3-sonnet` finds Claude directly and
 * through OpenRouter alike, `deepseek` finds `deepseek/deepseek-chat` — else the default. Among
 * several matches an exact id wins, then the default model's provider, then the newest-looking
 * id. Hints are advisory (MCP): the person can pick another model. Without a match the default
 * is suggested only when it is listed (or nothing is); otherwise the first listed model of the
 * default's provider, then the first listed at all — never silently a model no list offers.
 */
export function pickModel(
  preferences: SamplingRequestView['modelPreferences'],
  available: readonly string[],
  defaultModel: string,
): string {
  const preferred = parseModelRef(defaultModel).provider;
  const refs = available.map((ref) => ({ ref, ...parseModelRef(ref) }));
  for (const hint of preferences?.hints ?? []) {
    const wanted = hint.name?.trim().toLowerCase();
    if (!wanted) continue;
    const matches = refs.filter((r) => r.model.toLowerCase().includes(wanted));
    if (matches.length === 0) continue;
    const exact = matches.filter((r) => r.model.toLowerCase() === wanted);
    const pool = exact.length > 0 ? exact : matches;
    const home = pool.filter((r) => r.provider === preferred);
    // Ids sort by date suffix within a family: the greatest looks newest.
    const best = (home.length > 0 ? home : pool)
      .map((r) => r.model)
      .sort()
      .at(-1);
    return (home.length > 0 ? home : pool).find((r) => r.model === best)?.ref ?? defaultModel;
  }
  if (available.length === 0 || available.includes(defaultModel)) return defaultModel;
  return refs.find((r) => r.provider === preferred)?.ref ?? refs[0]?.ref ?? defaultModel;
}
