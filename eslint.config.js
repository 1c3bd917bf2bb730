import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

// The layering of docs/architecture.md, kept by the linter (docs/decisions/028-boundaries-in-lint.md).
const webFeatures = fs
  .readdirSync('src/web/features', { withFileTypes: true })
  .filter((d) => d.isDirectory());
const boundaries = [
  // a web feature shares through components/, lib/ or shared/, never by reaching into another feature
  ...webFeatures.map(({ name }) => ({
    target: `./src/web/features/${name}`,
    from: './src/web/features',
    except: [`./${name}`],
    message:
      'A feature does not import another feature: move the shared piece to components/, lib/ or src/shared.',
  })),
  {
    target: ['./src/web/lib', './src/web/components'],
    from: './src/web/features',
    message: 'lib/ and components/ are below the features: they never import one.',
  },
  { target: './src/web', from: './src/server', message: 'The web app never imports server code.' },
  {
    target: './src/shared',
    from: ['./src/server', './src/web'],
    message: 'src/shared imports nothing else.',
  },
];

// The server's layers, each importing only those below it (docs/architecture.md, "Import order"):
// db/ and lib/ < modules/ < plugins/ < the composition files beside app.ts (and ops/, the CLI).
// Only production code: tests and their support sit on top, building the whole app.
// app-types.ts is the one file at the top everything may import: the type of the app every route
// and hook receives (types only; it imports nothing at run time).
const serverTop = [
  ...fs
    .readdirSync('src/server', { withFileTypes: true })
    .filter((f) => f.isFile() && f.name.endsWith('.ts') && f.name !== 'app-types.ts')
    .map((f) => `./src/server/${f.name}`),
  './src/server/ops',
  './src/server/test',
];
const serverLayers = [
  {
    target: ['./src/server/db', './src/server/lib'],
    from: ['./src/server/modules', './src/server/plugins', ...serverTop],
    message: 'db/ and lib/ are the bottom layer: they import no module, plugin or app file.',
  },
  {
    // The two guards are what a route declares (requireUser, rateLimit): a module's routes use them.
    target: './src/server/modules',
    from: './src/server/plugins',
    except: ['./auth.ts', './rate-limits.ts'],
    message:
      'Modules do not import the Fastify hooks of plugins/ (only the guards auth.ts and rate-limits.ts): move the shared piece into a module.',
  },
  {
    target: ['./src/server/modules', './src/server/plugins'],
    from: serverTop,
    message:
      'Modules and plugins are below the composition (app.ts, services.ts, background.ts): they receive what they need, typed by app-types.ts.',
  },
];
const testOnly = [
  'src/**/*.test.ts',
  'src/server/test/**',
  'src/server/**/test-*.ts',
  'src/server/**/*-child.ts',
];

const climbs = {
  regex: '^(\\.\\./){2,}',
  message:
    'Use the #server/, #shared/ or #web/ alias instead of climbing two folders or more (node scripts/codemods/aliases.mjs rewrites them).',
};
const serverCode = {
  group: ['#server/*', '**/server/**'],
  message: 'The web app and src/shared never import server code.',
};

export default tseslint.config(
  {
    ignores: [
      '.scratch/**',
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Type-aware rules: each file is checked in its own project of tsconfig.json (server, web, tests).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'no-restricted-imports': ['error', { patterns: [climbs] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: testOnly,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...serverLayers] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [climbs, serverCode] }],
    },
  },
);
