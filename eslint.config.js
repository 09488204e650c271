import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The presets (ESLint's and typescript-eslint's recommended with type information, React's
 * hooks and compiler rules, import-x's), then the project's own rules: the architecture's
 * layers, the routes' contract and the browser tests' `test`.
 */
export default defineConfig(
  globalIgnores([
    'dist',
    'data',
    'test-results',
    'playwright-report',
    'e2e/.screenshots',
    'bench-results',
    'docs/bench',
    'server/src/db/migrations',
    // Deliberately broken; client/src/lint-boundaries.test.ts lints them on purpose.
    '**/__lint-fixtures__/**',
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    settings: {
      // Resolves the '@shared/…' and '@client/…' aliases (tsconfig paths), so the layer
      // rules see where an import really goes.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs'],
          tsconfig: { configFile: `${import.meta.dirname}/tsconfig.json` },
        }),
      ],
    },
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // A JSX event handler may be async: React ignores what it returns.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      // Fastify handlers and hooks are async by convention, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
      // A package's documented default import (pg, AxeBuilder) is not a mistake.
      'import-x/no-named-as-default': 'off',
      'import-x/no-named-as-default-member': 'off',
    },
  },
  {
    // The type checker already checks these, faster (typescript-eslint's advice).
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      'import-x/default': 'off',
      'import-x/namespace': 'off',
      'import-x/no-unresolved': 'off',
    },
  },
  {
    // Plain JavaScript has no types to check.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['client/public/push-handlers.js'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    // Tests read JSON answers and fixtures as they come.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The layers: shared/ runs on both sides, which never import each other; inside the
    // client, as in bulletproof-react, app (router, layout, route screens) composes
    // features; a feature uses components/ and lib/ but never another feature's internals
    // (what two features share moves to components/ or lib/, or the route screen composes
    // them); components/ and lib/ know no feature.
    files: ['**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layers() }] },
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
  {
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
);

function layers() {
  const features = readdirSync(new URL('./client/src/features', import.meta.url), {
    withFileTypes: true,
  })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    { target: './shared', from: ['./server', './client'], message: 'shared/ runs on both sides' },
    { target: './server', from: './client', message: 'the server never imports the client' },
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
