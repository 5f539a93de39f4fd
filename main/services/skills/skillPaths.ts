const MANIFEST = '/SKILL.md';

/**
 * The skill's path within its server's namespace: the `SKILL.md` URI without its scheme and
 * without `/SKILL.md` (`skill://acme/billing/refunds/SKILL.md` → `acme/billing/refunds`).
 */
export function skillPathOf(uri: string): string {
  const withoutScheme = uri.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  return withoutScheme.endsWith(MANIFEST)
    ? withoutScheme.slice(0, -MANIFEST.length)
    : withoutScheme;
}

/**
 * What the model calls a skill: `<server>/<skill path>`. The server's name (the host's own
 * label, not what the server says it is) keeps skills of different servers apart, and the
 * path keeps two same-named skills of one server apart (SEP-2640: names are not unique).
 */
export function qualifiedSkillName(server: string, uri: string): string {
  return `${server}/${skillPathOf(uri)}`;
}

/** A file's path relative to its skill's root, or its URI when it is not under it. */
export function pathInSkill(skillUri: string, fileUri: string): string {
  const root = skillUri.endsWith(MANIFEST) ? skillUri.slice(0, -MANIFEST.length + 1) : skillUri;
  return fileUri.startsWith(root) ? fileUri.slice(root.length) : fileUri;
}
