/** One step into a JSON value: a property name or an array index. */
export type JsonPathSegment = string | number;

// Server names are often kebab-case (`brave-search`); printing them bare reads better than quoting.
const bare = /^[A-Za-z_$][\w$-]*$/;

/**
 * Formats a path the way people read it: `mcpServers.fs.args[1]`, quoting names that would be
 * ambiguous (`mcpServers["my server"].url`).
 */
export function formatJsonPath(segments: readonly JsonPathSegment[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (bare.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
