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
  {
    target: ['./src/server/lib', './src/server/db'],
    from: './src/server/modules',
    message: 'lib/ and db/ are below the modules: they never import one.',
  },
  { target: './src/web', from: './src/server', message: 'The web app never imports server code.' },
  {
    target: './src/shared',
    from: ['./src/server', './src/web'],
    message: 'src/shared imports nothing else.',
  },
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
