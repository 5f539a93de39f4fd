/** A short name for a resource known only by its URI: its last path segment, decoded. */
export function nameFromUri(uri: string): string {
  const withoutQuery = uri.split(/[?#]/u)[0] ?? uri;
  const segments = withoutQuery.split('/').filter((s) => s.length > 0);
  const last = segments.at(-1);
  if (!last || /^[a-z][a-z0-9+.-]*:$/iu.test(last)) return uri;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
