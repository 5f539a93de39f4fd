import type { ServerPrompts, ServerResources } from '../../../shared/domain/attachments';
import type {
  PromptView,
  ResourceTemplateView,
  ResourceView,
} from '../../../shared/domain/mcpViews';
import { fuzzyFields, type FuzzyFields, type FuzzyMatch } from '../../../shared/text/fuzzy';
import { FuzzySearch } from '../../../shared/text/FuzzySearch';

/** Something the person can pick in a menu. */
export type PickEntry =
  | { kind: 'resource'; server: string; resource: ResourceView }
  | { kind: 'template'; server: string; template: ResourceTemplateView }
  | { kind: 'prompt'; server: string; prompt: PromptView };

/** A row of a menu: a server heading, or an entry with where the query matched it. */
export type PickRow =
  | { kind: 'server'; server: string; error?: string; count: number }
  | { kind: 'entry'; entry: PickEntry; match: FuzzyMatch | null; index: number };

interface Prepared {
  entry: PickEntry;
  fields: FuzzyFields;
}

/** A menu's entries, searchable keystroke by keystroke. */
export type PreparedEntries = FuzzySearch<Prepared>;

const searchable = (entries: Prepared[]): PreparedEntries =>
  new FuzzySearch(entries, (p) => p.fields);

/** Searchable fields of every resource and template: name/title first, then URI, then server. */
export function prepareResources(servers: readonly ServerResources[]): PreparedEntries {
  return searchable(
    servers.flatMap((s) => [
      ...s.resources.map((resource) => ({
        entry: { kind: 'resource', server: s.server, resource } as const,
        fields: fuzzyFields([resource.title ?? resource.name, resource.uri, s.server]),
      })),
      ...s.templates.map((template) => ({
        entry: { kind: 'template', server: s.server, template } as const,
        fields: fuzzyFields([template.title ?? template.name, template.uriTemplate, s.server]),
      })),
    ]),
  );
}

/** Searchable fields of every prompt: title/name, then name, server and description. */
export function preparePrompts(servers: readonly ServerPrompts[]): PreparedEntries {
  return searchable(
    servers.flatMap((s) =>
      s.prompts.map((prompt) => ({
        entry: { kind: 'prompt', server: s.server, prompt } as const,
        fields: fuzzyFields([
          prompt.title ?? prompt.name,
          prompt.name,
          s.server,
          prompt.description,
        ]),
      })),
    ),
  );
}

/**
 * The rows a menu shows for a query: grouped by server, each group ordered by match quality
 * and groups by their best match (so the best hit is always near the top); servers whose
 * listing failed keep a heading with the error when nothing is searched. `index` numbers the
 * entries for keyboard selection.
 */
export function pickRows(
  servers: readonly (ServerResources | ServerPrompts)[],
  prepared: PreparedEntries,
  query: string,
): PickRow[] {
  const found = prepared.filter(query);
  const groups = new Map<string, typeof found>();
  for (const hit of found) {
    const list = groups.get(hit.item.entry.server) ?? [];
    list.push(hit);
    groups.set(hit.item.entry.server, list);
  }
  const searching = query.trim() !== '';
  const order = searching
    ? [...groups.keys()]
    : servers.map((s) => s.server).filter((name, i, all) => all.indexOf(name) === i);
  const rows: PickRow[] = [];
  let index = 0;
  for (const server of order) {
    const hits = groups.get(server) ?? [];
    const error = servers.find((s) => s.server === server)?.error;
    if (hits.length === 0 && (searching || error === undefined)) continue;
    rows.push({
      kind: 'server',
      server,
      count: hits.length,
      ...(error !== undefined ? { error } : {}),
    });
    for (const hit of hits) {
      rows.push({
        kind: 'entry',
        entry: hit.item.entry,
        match: searching ? hit.match : null,
        index: index++,
      });
    }
  }
  return rows;
}

/** The entry rows only, in keyboard order. */
export function entryRows(rows: readonly PickRow[]): Extract<PickRow, { kind: 'entry' }>[] {
  return rows.filter((r): r is Extract<PickRow, { kind: 'entry' }> => r.kind === 'entry');
}

/** A stable key for an entry (React keys, option ids). */
export function entryKey(entry: PickEntry): string {
  switch (entry.kind) {
    case 'resource':
      return `r\n${entry.server}\n${entry.resource.uri}`;
    case 'template':
      return `t\n${entry.server}\n${entry.template.uriTemplate}`;
    case 'prompt':
      return `p\n${entry.server}\n${entry.prompt.name}`;
  }
}
