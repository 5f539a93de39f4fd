import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importChain, staticImportGraph } from './staticImportGraph';

const root = join(__dirname, '..', '..');
const entry = join(root, 'renderer', 'main.tsx');

describe('the modules the window evaluates before its composer is usable', () => {
  const graph = staticImportGraph(entry);

  it('reach the app itself (the walk follows imports)', () => {
    const files = [...graph.keys()].map((f) => f.slice(root.length + 1));
    expect(files).toContain('renderer/App.tsx');
    expect(files).toContain('renderer/features/chat/Composer.tsx');
    expect(graph.get(entry)?.packages).toContain('react-dom/client');
  });

  it('build no zod schemas: contracts and validators load when first used', () => {
    // Each schema module costs the page its construction at start-up (zod's own code, then
    // every schema in the module, used or not), so the window's start-up graph has none.
    const withZod = [...graph.values()]
      .filter((m) => m.packages.some((p) => p === 'zod' || p.startsWith('zod/')))
      .map((m) => importChain(graph, entry, m.file, root).join(' → '));
    expect(withZod).toEqual([]);
  });
});
