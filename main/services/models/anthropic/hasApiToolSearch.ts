/**
 * Whether a Claude model has the API's own tool search (`tool_search_tool_bm25_20251119`,
 * `defer_loading`): Claude Opus, Sonnet and Haiku 4.5 and every later model, per Anthropic's
 * model list for the tool. Earlier models (Claude 3.x, Sonnet 4, Opus 4 and 4.1) get ours.
 * Ids are read as `claude-<line>-<major>[-<minor>][-<date>]`; an id of another shape (a
 * proxy's alias) is not assumed to have it.
 */
export function hasApiToolSearch(model: string): boolean {
  const match = /^claude-([a-z]+)-(\d+)(?:-(\d{1,2}))?(?:-\d{8})?(?:[-@].*)?$/.exec(model.trim());
  if (!match) return false;
  const major = Number(match[2]);
  const minor = match[3] === undefined ? 0 : Number(match[3]);
  return major > 4 || (major === 4 && minor >= 5);
}
