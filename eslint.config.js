// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { serviceLayers } from './main/services/layers.mjs';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'net',
  'stream',
  'url',
  'events',
];

/** Environment rules from docs/ARCHITECTURE.md, enforced as import restrictions. */
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

/** What every file of main/services is kept from: Electron and the shells above the core. */
const servicesBase = {
  paths: [{ name: 'electron', message: 'main/services is the Electron-free host core.' }],
  patterns: [
    {
      // Up the tree into main/ipc, main/web, main/window, main/cli, at any depth.
      regex: '^(\\.\\./)+(ipc|web|window|cli|index)(/|$)',
      message: 'main/services must not import IPC adapters or shells.',
    },
  ],
};

const testFiles = ['**/*.test.ts', '**/testing/**'];
const escape = (depth) => '(\\.\\./)'.repeat(depth);

/**
 * The layer order of main/services/layers.mjs as import rules: per folder and per depth inside
 * it (a relative path names a sibling folder only with the right number of `../`), the folders
 * of its own and higher layers are forbidden. Tests may import any layer.
 */
const layerRules = serviceLayers.flatMap((layer, index) =>
  layer.flatMap((folder) => {
    const higher = serviceLayers
      .slice(index)
      .flat()
      .filter((other) => other !== folder);
    return [1, 2, 3, 4, 5].map((depth) => ({
      files: [`main/services/${folder}/${'*/'.repeat(depth - 1)}*.ts`],
      ignores: testFiles,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            ...servicesBase,
            patterns: [
              ...servicesBase.patterns,
              {
                regex: `^${escape(depth)}(\\.\\./services/)?(${higher.join('|')})(/|$)`,
                message: `main/services/${folder} may import only lower layers (main/services/layers.mjs).`,
              },
              {
                regex: `^${escape(depth)}(\\.\\./services/)?(createHostCore|createGettingServers|testing)(/|$)`,
                message: 'Only the top (the host core composition) imports createHostCore.',
              },
            ],
          },
        ],
      },
    }));
  }),
);

/** The MCP SDK (and its tasks extension) lives under main/services/mcp/ alone. */
const mcpSdk = {
  regex: '^@modelcontextprotocol/(client|server|core|node|ext-tasks)(/|$)',
  message: 'The MCP SDK is imported only under main/services/mcp/ (re-export what others need).',
};
/** The MCP Apps extension SDK: the apps folders (main and renderer) and mcp/ read it. */
const mcpAppsSdk = {
  regex: '^@modelcontextprotocol/ext-apps(/|$)',
  message:
    'The MCP Apps SDK is imported only under main/services/mcp/, main/services/apps/ and renderer/features/apps/.',
};
const productFiles = [
  'main/**/*.ts',
  'preload/**/*.ts',
  'shared/**/*.ts',
  'renderer/**/*.{ts,tsx}',
];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      '.tsbuild/**',
      'node_modules/**',
      'artifacts/**',
      'test-results/**',
      'e2e/fixtures/lint/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['scripts/**/*.mjs', 'e2e/fixtures/**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
      },
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: restrict(
      [
        ...nodeBuiltins,
        'electron',
        'react',
        'react-dom',
        '**/main/**',
        '**/renderer/**',
        '**/preload/**',
      ],
      'shared/ is environment-neutral: no Node, Electron, DOM or app-layer imports.',
    ),
  },
  {
    files: ['main/services/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', servicesBase] },
  },
  ...layerRules,
  {
    files: ['main/platform/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./services(/|$)',
              message: 'main/platform is the lowest layer: it imports nothing from main/services.',
            },
          ],
        },
      ],
    },
  },
  {
    files: productFiles,
    ignores: ['main/services/mcp/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [mcpSdk, mcpAppsSdk] }],
    },
  },
  {
    files: ['main/services/apps/**/*.ts', 'renderer/features/apps/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [mcpSdk] }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: restrict(
      [...nodeBuiltins, 'electron', '**/main/**', '**/preload/**'],
      'The renderer is a sandboxed view: no Node, Electron or main-process imports.',
    ),
  },
  {
    files: ['renderer/features/**/*.{ts,tsx}', 'renderer/components/**/*.{ts,tsx}'],
    rules: restrict(
      [...nodeBuiltins, 'electron', '**/main/**', '**/preload/**', '**/host/*', '**/host'],
      'Components dispatch store actions; only stores talk to the host client.',
    ),
  },
  {
    files: ['renderer/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Test files share a worker's loaded modules (vitest.config.ts: isolate off), so a module
    // mock would reach, or miss, other files: tests hand a seam their stand-in instead.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'unmock', 'doUnmock'].map((property) => ({
          object: 'vi',
          property,
          message: 'Modules are shared between test files: give the code a seam for a stand-in.',
        })),
      ],
    },
  },
  {
    files: ['e2e/specs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message:
                'Specs take test from e2e/fixtures (base, test or chatTest): it fails on uncaught page errors.',
            },
          ],
        },
      ],
    },
  },
);
