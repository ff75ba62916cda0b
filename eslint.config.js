import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import webBoundaries from './apps/web/eslint-boundaries.js';
import statuses from './eslint-statuses.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, web: webBoundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features apart, nothing from app/, ui/ without the API: see apps/web/eslint-boundaries.js.
      'web/boundaries': 'error',
    },
  },
  {
    // One query-key style: keys come from the `xKeys` object of the feature's api module. One way
    // to a text area.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*-api.ts', '**/*-query.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message:
            "Take the key from the api module's xKeys (or its xQueryOptions), not a literal.",
        },
        {
          // One way to a text area: ui/text-area's textArea(), which grows by CSS.
          selector:
            'JSXOpeningElement[name.name=/^(TextField|FormTextField|OutlinedInput|InputBase)$/] > JSXAttribute[name.name=/^(minRows|maxRows)$/]',
          message:
            "Spread ui/text-area's textArea(minRows, { maxRows }): MUI's autosize computes the page's style inside the render's task.",
        },
      ],
    },
  },
  {
    // A request's statuses are compared only in the transition table and its guards (and defined
    // in enums.ts); tests set and check raw statuses on purpose. See eslint-statuses.js.
    files: ['packages/shared/src/**/*.ts', 'apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'packages/shared/src/rules/lifecycle.ts',
      'packages/shared/src/enums.ts',
      '**/*.test.{ts,tsx}',
    ],
    plugins: { lifecycle: statuses },
    rules: { 'lifecycle/statuses-in-table': 'error' },
  },
  {
    // A Vitest worker keeps the modules it loaded from one test file to the next (isolate: false,
    // README "Tests"): a module mocked in one file would be the real one, or a stale mock, in the
    // next.
    files: ['apps/*/src/**/*.test.{ts,tsx}', 'apps/*/test/**/*.ts', 'packages/*/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'vi',
          property: 'mock',
          message: 'Replace a function with vi.spyOn; the worker has loaded the real module.',
        },
        {
          object: 'vi',
          property: 'doMock',
          message: 'Replace a function with vi.spyOn; the worker has loaded the real module.',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', '.ci/**', '**/*.mjs', 'apps/web/lighthouse/**'],
    rules: { 'no-console': 'off' },
  },
);
