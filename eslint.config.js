import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

/** What the core never imports: the shells around it (the package entry is one). */
const CORE_FORBIDDEN_PATTERNS = ['react', 'react-dom', '*/ui/*', '*/worker/*', '*/package/*'];

/** Node's built-in modules by their bare names (`fs`, `fs/promises`, `path`, `crypto`…). */
const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('_'));
const NODE_BUILTIN_MESSAGE =
  'The core also runs in the browser and a Worker: no Node built-in modules outside tests.';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-cli',
      'dist-lib',
      'node_modules',
      'test-results',
      'playwright-report',
      '.scratch',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Receipt content is never rendered as HTML.',
        },
      ],
    },
  },
  {
    // Receipts, links and files are untrusted text, and every pattern may meet one: a regular
    // expression whose quantifiers can trade characters (or that is retried at every offset)
    // takes polynomial time on a long near miss, a hang in the page (issue 25). Everywhere, not
    // only in src: a pattern moves between files more easily than a rule is remembered.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/main.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The shells see the core only through its public surface, src/core/index.ts.
    files: ['src/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    ignores: ['src/core/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)core/.+',
              message: 'Import the core through its public surface (src/core/index.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // The core runs in Node, a Worker and the browser: no DOM, no React, no network, and no
    // Node built-in modules (`node:fs`, or bare `fs`, `path`, `crypto`…), which a browser lacks.
    files: ['src/core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: NODE_BUILTINS.map((name) => ({ name, message: NODE_BUILTIN_MESSAGE })),
          patterns: [
            { group: CORE_FORBIDDEN_PATTERNS },
            { group: ['node:*'], message: NODE_BUILTIN_MESSAGE },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'fetch',
        'window',
        'document',
        'WebSocket',
        'XMLHttpRequest',
      ],
    },
  },
  {
    // Core tests run only in Node (Vitest) and read vector files from disk: Node built-ins are
    // allowed there, the rest of the core's import rule still holds.
    files: ['src/core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: CORE_FORBIDDEN_PATTERNS }] }],
    },
  },
);
