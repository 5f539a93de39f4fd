import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { serviceLayers } from './layers.mjs';

const servicesDir = resolve('main/services');
const platformDir = resolve('main/platform');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const isTest = (file: string) => file.endsWith('.test.ts') || file.split(sep).includes('testing');

/** The folder a file belongs to: a folder of main/services, `platform`, or `(root)`. */
function folderOf(file: string): string | undefined {
  if (file.startsWith(platformDir + sep)) return 'platform';
  if (!file.startsWith(servicesDir + sep)) return undefined;
  const parts = relative(servicesDir, file).split(sep);
  return parts.length === 1 ? '(root)' : parts[0];
}

/** Relative specifiers of every import, export-from, `import()` and `import('…')` type. */
function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push(node.argument.literal.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((s) => s.startsWith('.'));
}

/** Folder → folders its product files import (value and type imports alike). */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of [...sourceFiles(servicesDir), ...sourceFiles(platformDir)]) {
    if (isTest(file)) continue;
    const from = folderOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const specifier of specifiers(file)) {
      const to = folderOf(resolve(dirname(file), specifier));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every circle's folders (strongly connected components of more than one folder). */
function circles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) ?? 0);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (stack.includes(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component = stack.splice(stack.indexOf(v));
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('layers of main/services', () => {
  const graph = folderGraph();

  it('has no circle between folders, by value or by type imports', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('places every folder in one layer', () => {
    const listed = serviceLayers.flat();
    expect(new Set(listed).size).toBe(listed.length);
    const folders = readdirSync(servicesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'testing')
      .map((entry) => entry.name);
    expect([...folders].sort()).toEqual([...listed].sort());
  });

  it('imports only lower layers (what the lint rules say, checked on resolved paths)', () => {
    const layerOf = new Map<string, number>([['platform', -1]]);
    serviceLayers.forEach((layer, i) => layer.forEach((folder) => layerOf.set(folder, i)));
    const upward = [...graph].flatMap(([from, tos]) =>
      [...tos]
        .filter(
          (to) => from !== '(root)' && (layerOf.get(to) ?? Infinity) >= (layerOf.get(from) ?? 0),
        )
        .map((to) => `${from} → ${to}`),
    );
    expect(upward).toEqual([]);
  });
});

describe('layer and MCP SDK lint rules', () => {
  const eslint = new ESLint({
    cwd: process.cwd(),
    ruleFilter: ({ ruleId }) =>
      ruleId === 'no-restricted-imports' || ruleId === '@typescript-eslint/no-restricted-imports',
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false, project: null } },
    },
  });
  const forbidden = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).some((m) => m.ruleId?.endsWith('no-restricted-imports'));
  };

  const cases: [string, string, boolean][] = [
    ['main/services/config/x.ts', "import type { McpService } from '../mcp/McpService';", true],
    ['main/services/config/import/x.ts', "import { x } from '../../sandbox/y';", true],
    ['main/services/config/import/x.ts', "import { x } from '../sandbox/y';", false],
    ['main/services/config/x.ts', "import { x } from '../secrets/secretReferences';", false],
    ['main/services/models/x.ts', "import { x } from '../interactions/y';", true],
    ['main/services/models/x.ts', "import { x } from '../catalog/y';", true],
    ['main/services/models/x.ts', "import { Emitter } from '../base/Emitter';", false],
    ['main/services/base/x.ts', "import { x } from '../store/y';", true],
    ['main/services/base/x.ts', "import { x } from '../../platform/Logger';", false],
    ['main/services/mcp/session/events/x.ts', "import { x } from '../../../catalog/y';", true],
    ['main/services/mcp/session/x.ts', "import { x } from './events/y';", false],
    ['main/services/mcp/x.ts', "import { x } from '../sandbox/ServerSandboxing';", false],
    ['main/services/sandbox/x.ts', "import { x } from '../mcp/launch/y';", true],
    ['main/services/catalog/x.ts', "import { x } from '../resources/y';", true],
    ['main/services/conversation/x.ts', "import { x } from '../tasks/y';", true],
    ['main/services/tasks/x.ts', "import { x } from '../conversation/y';", false],
    ['main/services/tasks/x.ts', "import { x } from '../createHostCore';", true],
    ['main/services/createHostCore.ts', "import { x } from './tasks/y';", false],
    ['main/services/secrets/x.test.ts', "import { x } from '../mcp/y';", false],
    ['main/platform/x.ts', "import { x } from '../services/config/y';", true],
    ['main/services/apps/x.ts', "import { Client } from '@modelcontextprotocol/client';", true],
    [
      'main/services/tasks/x.test.ts',
      "import { x } from '@modelcontextprotocol/ext-tasks/core';",
      true,
    ],
    [
      'main/services/mcp/session/x.ts',
      "import { Client } from '@modelcontextprotocol/client';",
      false,
    ],
    ['renderer/stores/x.ts', "import type { Tool } from '@modelcontextprotocol/client';", true],
    [
      'main/services/apps/x.ts',
      "import { x } from '@modelcontextprotocol/ext-apps/app-bridge';",
      false,
    ],
    [
      'renderer/features/apps/x.ts',
      "import { x } from '@modelcontextprotocol/ext-apps/app-bridge';",
      false,
    ],
    [
      'renderer/features/chat/x.tsx',
      "import { x } from '@modelcontextprotocol/ext-apps/app-bridge';",
      true,
    ],
  ];
  it.each(cases)('%s: %s → forbidden=%s', async (file, code, expected) => {
    expect(await forbidden(file, code)).toBe(expected);
  });
});
