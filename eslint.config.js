// ESLint flat config for the whole repository (DESIGN.md §3: lint check).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

/** Names of the sub-folders of `dir` (relative to the repository root), sorted. */
function foldersOf(dir) {
  return readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const WEB_FEATURES = 'apps/web/src/features';
const API_MODULES = 'apps/api/src/modules';

/**
 * Boundary zones (DESIGN.md §2, issue 20 §6) for `import-x/no-restricted-paths`, one zone per folder so that
 * a new feature or module is covered without editing this file.
 */
const webFeatureZones = foldersOf(WEB_FEATURES).map((feature) => ({
  target: `./${WEB_FEATURES}/${feature}`,
  from: `./${WEB_FEATURES}`,
  except: [`./${feature}`],
  message: 'Web features do not import each other (DESIGN.md §2): move what both need to src/shared/.',
}));
const apiModules = foldersOf(API_MODULES);
const apiModuleZones = apiModules.map((module) => ({
  target: `./${API_MODULES}/${module}`,
  from: `./${API_MODULES}`,
  except: [
    `./${module}`,
    ...apiModules.filter((other) => other !== module).map((other) => `./${other}/index.ts`),
  ],
  message: 'API modules import another module only through its public index.ts (DESIGN.md §2, issue 20 §1).',
}));

/** The boundary rules: `import-x/no-restricted-paths` once per boundary, each with its own zones. */
const boundaries = {
  rules: {
    'web-features': importX.rules['no-restricted-paths'],
    'api-modules': importX.rules['no-restricted-paths'],
    'test-support': importX.rules['no-restricted-paths'],
  },
};

/** Test support: importable by tests (and e2e, bench) only. */
const TEST_SUPPORT = ['**/test/**', '**/test-support.ts', '**/testing/**', '**/testing.ts'];
/** Files allowed to import test support: tests, e2e, bench and the test support itself. */
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/*.spec.ts', 'e2e/**', 'bench/**', ...TEST_SUPPORT];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },

  // Boundaries (issue 20 §6), with eslint-plugin-import-x: its no-restricted-paths, no-cycle and
  // no-relative-packages cover all five rules with one plugin and one resolver (eslint-plugin-boundaries
  // would still need import-x for the cycles). The three path rules are no-restricted-paths under their own
  // names (the `boundaries` plugin below), so each has its own files and severity.
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX, boundaries },
    settings: {
      // Our imports name their files (`./x.ts`, nodenext) and packages point at TypeScript sources, so
      // Node's resolution is enough; import-x must also parse .ts/.tsx files to follow them (no-cycle).
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // No relative import that leaves its workspace (`../../../api/src/…` from the sandbox, `../apps/…`
      // from e2e or bench): import the other workspace by its package name instead.
      'import-x/no-relative-packages': 'off', // enabled at merge
    },
  },
  {
    files: [`${WEB_FEATURES}/**/*.{ts,tsx}`],
    rules: { 'boundaries/web-features': ['error', { zones: webFeatureZones }] },
  },
  {
    files: [`${API_MODULES}/**/*.ts`],
    rules: { 'boundaries/api-modules': ['off', { zones: apiModuleZones }] }, // enabled at merge
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    ignores: TEST_FILES,
    rules: {
      'boundaries/test-support': [
        'error',
        {
          zones: [
            {
              target: '.',
              from: TEST_SUPPORT,
              except: ['**/node_modules/**'],
              message: 'Only tests, e2e and bench import test support.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'error' },
  },
);
