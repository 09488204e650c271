import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      'server/src/db/migrations',
      // Deliberately broken files that client/src/lint-boundaries.test.ts lints.
      '**/__lint-fixtures__/**',
    ],
  },
  js.configs.recommended,
  // The rules that need no types. typescript-eslint's type-aware ones
  // (recommendedTypeChecked) run in oxlint on TypeScript 7 (.oxlintrc.json, decision 0039):
  // the same rules for a fifth of the CPU.
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    // Resolves the '@shared/…' and '@client/…' aliases (tsconfig paths), so the boundary
    // rules below see where an import really goes.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          tsconfig: { configFile: `${import.meta.dirname}/tsconfig.json` },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // The architecture, enforced: shared imports neither side; the sides never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './shared',
              from: ['./server', './client'],
              message: 'shared/ runs on both sides',
            },
            {
              target: './client',
              from: './server',
              message: 'the client talks to the server over HTTP',
            },
            {
              target: './server',
              from: './client',
              message: 'the server never imports the client',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The client's layers, as in bulletproof-react: app (router, layout, route screens)
      // composes features; a feature uses components/ and lib/ but never another feature's
      // internals (what two features share moves to components/ or lib/, or the route
      // screen composes them); components/ and lib/ know no feature.
      'import-x/no-restricted-paths': ['error', { zones: clientZones() }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Each worker's own server comes with the `test` of e2e/support/test.ts.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message:
                "Import test and expect from './support/test' (it starts the worker's server).",
            },
          ],
        },
      ],
    },
  },
  {
    // An API route is registered from its shared/contract entry, so it cannot drift from it.
    files: ['server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.object.name=/^(app|fastify|instance|server)$/][callee.property.name=/^(route|get|head|post|put|patch|delete|options|all)$/]",
          message:
            'Register the route from its contract: defineRoute(app, contract, { guard, handler }).',
        },
      ],
    },
  },
);

function clientZones() {
  const features = readdirSync(new URL('./client/src/features', import.meta.url), {
    withFileTypes: true,
  })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    { target: './client', from: './server', message: 'the client talks to the server over HTTP' },
    ...features.map((feature) => ({
      target: `./client/src/features/${feature}`,
      from: './client/src/features',
      except: [`./${feature}`],
      message:
        'a feature does not import another feature: share through lib/ or components/, or compose in the route screen',
    })),
    {
      target: './client/src/features',
      from: './client/src/app',
      message: 'features do not import the app layer',
    },
    {
      target: ['./client/src/components', './client/src/lib'],
      from: ['./client/src/features', './client/src/app'],
      message: 'components/ and lib/ know no feature',
    },
  ];
}
