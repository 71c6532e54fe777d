// ESLint (flat config): typescript-eslint's recommended rules without type information (a type-aware run costs
// a full type check on every lint), import cycles (import-x no-cycle) and the layering of the hexagon.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

/** Specifiers that are not relative: npm packages and node: built-ins. */
const PACKAGE = {
  regex: '^(?![./])',
  message: 'core/ imports no npm package and no node: module (no I/O, no framework).',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.tap/**', 'artifacts/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } }),
      ],
    },
    rules: {
      // a cycle through type-only imports costs nothing at run time; value cycles are refused
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // control characters are what the one text rule (core/domain/text.ts), the PDF writer and the CLI tests look for
    rules: { 'no-control-regex': 'off' },
  },
  {
    // plain Node scripts (CI summary, the legacy database maker)
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // tests and test support probe untyped JSON answers and write terse expectations
    files: ['**/*.test.ts', '**/testing/**', '**/e2e/**', 'conformance/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-unsafe-function-type': 'off',
      'no-regex-spaces': 'off',
    },
  },
  {
    // the storage adapter drives MikroORM's and the SQL drivers' untyped raw connections
    files: ['adapters/storage/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // the core: no I/O, no framework, nothing from the adapters or the composition root
    files: ['core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            PACKAGE,
            {
              regex: '(^|/)(adapters|composition)/',
              message: 'core/ depends on nothing outward: adapters and composition depend on core.',
            },
          ],
        },
      ],
    },
  },
  {
    // the browser application: runs in the page, so it loads only its own modules; it may read the HTTP adapter's
    // answer types (type-only imports of *.schema.ts files vanish from the compiled JavaScript)
    files: ['adapters/web/client/**/*.ts', 'adapters/web/page.ts', 'adapters/web/styles.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?![./])', message: 'the web page loads no npm package and no node: module.' },
            {
              // the vocabulary: ../../vocabulary from the client, ../vocabulary from page.ts
              regex: '^\\.\\./(?!(\\.\\./)?vocabulary/[a-z-]+\\.js$)',
              allowTypeImports: true,
              message: 'the page loads only modules of its own folder and the vocabulary; elsewhere, types only.',
            },
            { regex: '/http/(?!.*\\.schema\\.js$)', message: "the page reads only the HTTP adapter's schema types." },
          ],
        },
      ],
    },
  },
  {
    // the people's vocabulary: loaded by the page (served beside its modules) and by the office documents, so it is
    // plain TypeScript that loads only its own modules; outside its folder, types only
    files: ['adapters/vocabulary/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?![./])', message: 'the vocabulary loads no npm package and no node: module.' },
            {
              regex: '^\\.\\./',
              allowTypeImports: true,
              message: 'the vocabulary loads only modules of its own folder; outside it, types only.',
            },
          ],
        },
      ],
    },
  },
  {
    // adapters are composed, never compose: nothing from composition/ (tests and test support may start a service)
    files: ['adapters/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/testing/**',
      '**/e2e/**',
      'adapters/web/client/**',
      'adapters/web/page.ts',
      'adapters/web/styles.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)composition/', message: 'adapters do not import the composition root.' }] },
      ],
    },
  },
);
