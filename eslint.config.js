// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'main/services is the Electron-free host core.' }],
          patterns: [
            {
              // Up the tree into main/ipc, main/web, main/window, main/cli, at any depth.
              regex: '^(\\.\\./)+(ipc|web|window|cli|index)(/|$)',
              message: 'main/services must not import IPC adapters or shells.',
            },
          ],
        },
      ],
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
