import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * What oxlint (.oxlintrc.json) cannot run: the React Compiler's rules and the client's
 * layers, on client/, and the routes' contract rule. Every other rule (ESLint's and
 * typescript-eslint's recommended, the type-aware ones, import cycles, the outer walls
 * between shared/, server/ and client/) is oxlint's, for a fraction of the CPU
 * (decision 0040).
 */
/** The client's TypeScript: the React Compiler's rules and the client's layers. */
const CLIENT_FILES = 'client/src/**/*.{ts,tsx}';
/** The API's route files: registered from their contract. */
const ROUTE_FILES = 'server/src/modules/**/*.routes.ts';

export default tseslint.config(
  {
    // Nothing in JavaScript is ESLint's (every rule below is for the client's TypeScript and
    // the route files); the fixtures of client/src/lint-boundaries.test.ts are deliberately
    // broken and linted there alone.
    ignores: ['**/*.{js,mjs,cjs}', '**/__lint-fixtures__/**'],
  },
  {
    // The only files ESLint reads: those its rules below are for.
    files: [CLIENT_FILES, ROUTE_FILES],
    languageOptions: { parser: tseslint.parser },
  },
  {
    files: [CLIENT_FILES],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
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
      ...reactHooks.configs.recommended.rules,
      // The client's layers, as in bulletproof-react: app (router, layout, route screens)
      // composes features; a feature uses components/ and lib/ but never another feature's
      // internals (what two features share moves to components/ or lib/, or the route
      // screen composes them); components/ and lib/ know no feature.
      'import-x/no-restricted-paths': ['error', { zones: clientZones() }],
    },
  },
  {
    // An API route is registered from its shared/contract entry, so it cannot drift from it.
    files: [ROUTE_FILES],
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
