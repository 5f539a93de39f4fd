import { describe, expect, it } from 'vitest';
import { startupModules } from './startupChunk';

/** A module graph as the bundler reports it: each module's static imports, entries marked. */
function graph(modules: Record<string, { imports?: string[]; entry?: boolean }>) {
  return {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id: string) => {
      const module = modules[id];
      return module ? { importedIds: module.imports ?? [], isEntry: module.entry === true } : null;
    },
  };
}

describe('startupModules', () => {
  it('takes what the entry imports statically, through any depth, and nothing lazy', () => {
    const modules = graph({
      '/app/index.html': { entry: true, imports: ['/app/main.tsx'] },
      '/app/main.tsx': { imports: ['/app/App.tsx', 'react'] },
      '/app/App.tsx': { imports: ['/app/shared.ts'] },
      '/app/shared.ts': {},
      react: {},
      // Imported only with import(): not in importedIds, so it stays lazy.
      '/app/Settings.tsx': { imports: ['/app/shared.ts'] },
    });
    expect([...startupModules(modules, 'app/index.html')].sort()).toEqual(
      ['/app/App.tsx', '/app/index.html', '/app/main.tsx', '/app/shared.ts', 'react'].sort(),
    );
  });

  it('leaves out what another entry imports too, so that page never loads this one', () => {
    const modules = graph({
      '/app/index.html': { entry: true, imports: ['/app/main.tsx'] },
      '/app/main.tsx': { imports: ['/app/ids.ts', '/app/App.tsx'] },
      '/app/App.tsx': {},
      '/app/ids.ts': {},
      '/app/sandbox.html': { entry: true, imports: ['/app/proxy.ts'] },
      '/app/proxy.ts': { imports: ['/app/ids.ts'] },
    });
    expect([...startupModules(modules, 'app/index.html')].sort()).toEqual([
      '/app/App.tsx',
      '/app/index.html',
      '/app/main.tsx',
    ]);
  });

  it('refuses a build without the entry rather than put nothing in the chunk', () => {
    expect(() => startupModules(graph({ '/a.ts': { entry: true } }), 'index.html')).toThrow(
      /no entry module ends with index.html/,
    );
  });
});
