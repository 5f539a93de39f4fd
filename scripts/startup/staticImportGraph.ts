import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** One module reached from the entry: its path and what it imports at load time. */
export interface GraphModule {
  file: string;
  /** Files of this project it imports (resolved). */
  files: string[];
  /** Packages it imports (`zod`, `react-dom/client`, …). */
  packages: string[];
}

// `import … from '…'` and `export … from '…'`, over several lines; `import type` and
// `export type` are left out (erased), as are `import('…')` calls (loaded when first needed).
const FROM = /^(?:import|export)\s+(?!type\s)([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/gms;
const BARE = /^import\s+['"]([^'"]+)['"]/gm;
const SOURCE = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/**
 * Every module the page evaluates before its first line runs: the static imports from `entry`,
 * followed through this project's files. What the bundler puts in the start-up chunks is this
 * graph (it may leave unused code out, never add).
 */
export function staticImportGraph(entry: string): Map<string, GraphModule> {
  const graph = new Map<string, GraphModule>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (graph.has(file)) continue;
    const text = readFileSync(file, 'utf8');
    const specifiers = [
      ...[...text.matchAll(FROM)].filter((m) => !onlyTypes(m[1] ?? '')).map((m) => m[2] ?? ''),
      ...[...text.matchAll(BARE)].map((m) => m[1] ?? ''),
    ];
    const module: GraphModule = { file, files: [], packages: [] };
    for (const specifier of specifiers) {
      if (!specifier.startsWith('.')) {
        module.packages.push(specifier);
        continue;
      }
      const resolved = resolveSource(join(dirname(file), specifier));
      if (resolved) {
        module.files.push(resolved);
        pending.push(resolved);
      }
    }
    graph.set(file, module);
  }
  return graph;
}

/** The chain of imports from `entry` to `file`, as paths relative to `root`. */
export function importChain(
  graph: Map<string, GraphModule>,
  entry: string,
  file: string,
  root: string,
): string[] {
  const via = new Map<string, string>();
  const queue = [entry];
  for (let i = 0; i < queue.length; i++) {
    const current = queue[i] ?? '';
    if (current === file) break;
    for (const next of graph.get(current)?.files ?? []) {
      if (via.has(next) || next === entry) continue;
      via.set(next, current);
      queue.push(next);
    }
  }
  const chain = [file];
  for (let step = via.get(file); step !== undefined; step = via.get(step)) chain.unshift(step);
  return chain.map((f) => relative(root, f));
}

// `{ type A, type B }`: with verbatimModuleSyntax the import itself stays (for its side
// effects), so only a clause with no value at all counts as types.
function onlyTypes(clause: string): boolean {
  const inner = /^\{([^}]*)\}$/s.exec(clause.trim())?.[1];
  if (inner === undefined) return false;
  const names = inner
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith('type '));
}

function resolveSource(base: string): string | undefined {
  if (/\.(css|svg|png|json)$/.test(base)) return undefined;
  if (/\.tsx?$/.test(base) && existsSync(base)) return base;
  for (const suffix of SOURCE) {
    const candidate = base + suffix;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}
