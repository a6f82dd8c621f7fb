import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web app's floors (docs/architecture.md): lib/ at the bottom, i18n/ on it, then ui/,
 * features/, and app/ at the top. An import may only go down a floor or stay on its own;
 * a feature uses another feature only through its public entry (features/<f>/index.ts).
 */
const web = 'apps/web/src';
const features = readdirSync(`${import.meta.dirname}/${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const floorZones = [
  { target: `${web}/lib`, from: [`${web}/i18n`, `${web}/ui`, `${web}/features`, `${web}/app`, `${web}/main.tsx`] },
  { target: `${web}/i18n`, from: [`${web}/ui`, `${web}/features`, `${web}/app`, `${web}/main.tsx`] },
  { target: `${web}/ui`, from: [`${web}/features`, `${web}/app`, `${web}/main.tsx`] },
  { target: `${web}/features`, from: [`${web}/app`, `${web}/main.tsx`] },
  // The test helpers render with lib, i18n and ui only: a feature's test brings the feature.
  { target: `${web}/test`, from: [`${web}/features`, `${web}/app`, `${web}/main.tsx`] },
].map((zone) => ({ ...zone, message: 'An import goes down the floors only: lib ← i18n ← ui ← features ← app.' }));
const featureZones = features.flatMap((feature) =>
  features
    .filter((other) => other !== feature)
    .map((other) => ({
      target: `${web}/features/${feature}`,
      from: `${web}/features/${other}`,
      except: ['./index.ts'],
      message: `Use features/${other}/index.ts, its public entry.`,
    })),
);

/**
 * The server's floors (docs/architecture.md): lib/ and the database client at the bottom; the
 * platform on them (access/, gateway/, hub/'s events, config, deps); features/ on that; the top
 * (app, server, jobs, the route registry, the hub's sockets, the seed, the command-line tools,
 * the proofs) wires them. A feature uses another only through its index.ts.
 */
const api = 'apps/api/src';
const apiFeatures = readdirSync(`${import.meta.dirname}/${api}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const apiTop = [
  'app.ts',
  'server.ts',
  'main.ts',
  'jobs.ts',
  'routes.ts',
  'hub/hub.ts',
  'db/seed',
  'db/prepare.ts',
  'cli',
  'proofs',
].map((path) => `${api}/${path}`);
const apiPlatform = [
  'access',
  'gateway',
  'hub/events.ts',
  'hub/queries.ts',
  'hub/webhook-events.ts',
  'config.ts',
  'deps.ts',
].map((path) => `${api}/${path}`);
const apiFloorZones = [
  {
    target: [`${api}/lib`, `${api}/db/client.ts`, `${api}/db/schema.ts`, `${api}/db/natural-key.ts`],
    from: [...apiPlatform, `${api}/features`, ...apiTop],
  },
  { target: apiPlatform, from: [`${api}/features`, ...apiTop] },
  { target: `${api}/features`, from: apiTop },
].map((zone) => ({ ...zone, message: 'An import goes down the floors only: lib ← access ← features ← the top.' }));
const testHelpers = { group: ['**/test/*'], message: 'The product never imports the test helpers (src/test).' };
const apiFeatureZones = apiFeatures.flatMap((feature) =>
  apiFeatures
    .filter((other) => other !== feature)
    .map((other) => ({
      target: `${api}/features/${feature}`,
      from: `${api}/features/${other}`,
      except: ['./index.ts'],
      message: `Use features/${other}/index.ts, its public entry.`,
    })),
);

/** `x as unknown as T` tells the compiler to stop checking: in the web app, types meet instead (lib/schemaForm.ts, BodyOf). */
const noCastThroughUnknown = {
  selector: "TSAsExpression > TSAsExpression.expression[typeAnnotation.type='TSUnknownKeyword']",
  message: 'No cast through unknown: make the types meet (a form through lib/schemaForm.ts, a request as BodyOf).',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/api/src/db/migrations/**',
      'e2e/artifacts/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      // scripts/*.ts: helpers the workspaces' tests share, typed by the programs that import them
      parserOptions: {
        projectService: { allowDefaultProject: ['scripts/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...floorZones, ...featureZones] },
      ],
    },
  },
  {
    files: [`${api}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: apiFeatureZones }],
    },
  },
  {
    // A test stands at the top: it may build the whole app to prove one floor.
    files: [`${api}/**/*.ts`],
    ignores: [`${api}/**/*.test.ts`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...apiFloorZones, ...apiFeatureZones] },
      ],
    },
  },
  {
    // The test helpers (src/test) are for the tests and their fixtures only.
    files: [`${api}/**/*.ts`],
    ignores: [`${api}/**/*.test.ts`, `${api}/**/*-fixture.ts`, `${api}/test/**`, `${api}/proofs/**`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [testHelpers] }],
    },
  },
  {
    // Fastify stays in the routes and the plugins: a service is called with a context (access/actor.ts).
    // (This block comes after the one above: it carries that one's rule too, as a file's last setting of a rule wins.)
    files: [`${api}/features/**/*.ts`],
    ignores: [`${api}/features/**/{routes,*-routes,*-plugin}.ts`, `${api}/**/*.test.ts`, `${api}/**/*-fixture.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['fastify', 'fastify-plugin'].map((name) => ({
            name,
            message: 'A service takes a context (access/actor.ts), never the request: Fastify stays in routes.',
          })),
          patterns: [testHelpers],
        },
      ],
    },
  },
  {
    // app/ reaches a feature through its index.ts too; import() of a page or of app's own live-events module is
    // allowed (no-restricted-imports reads static imports only): a lazy chunk is its own module.
    files: [`${web}/app/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/features/*/*'], message: "Import the feature's index.ts, its public entry." }],
        },
      ],
    },
  },
  {
    // Every time of day on screen names its zone: it is formatted by ui/PropertyTime.tsx alone
    // (docs/decisions/0088-every-time-on-screen-names-its-zone.md, "Every time on screen names its zone"). Dates without a time may be formatted anywhere.
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [`${web}/ui/PropertyTime.tsx`, `${web}/**/*.test.{ts,tsx}`],
    rules: {
      'no-restricted-syntax': [
        'error',
        noCastThroughUnknown,
        ...[
          "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat'] > ObjectExpression > Property[key.name=/^(hour|timeStyle)$/]",
          'CallExpression[callee.property.name=/^toLocale(Date)?String$/] > ObjectExpression > Property[key.name=/^(hour|timeStyle)$/]',
          "CallExpression[callee.property.name='toLocaleTimeString']",
        ].map((selector) => ({
          selector,
          message: 'A time of day goes through ui/PropertyTime (propertyTimeText, <PropertyTime>), its zone named.',
        })),
      ],
    },
  },
  {
    files: [`${web}/ui/PropertyTime.tsx`, `${web}/**/*.test.{ts,tsx}`],
    rules: { 'no-restricted-syntax': ['error', noCastThroughUnknown] },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
