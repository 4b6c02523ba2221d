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
/** Tests: unit tests, e2e and the test support. */
const TESTS = ['**/*.test.{ts,tsx}', '**/*.spec.ts', 'e2e/**', ...TEST_SUPPORT];
/** Files allowed to import test support: tests, bench and the test support itself. */
const TEST_FILES = [...TESTS, 'bench/**'];

/** Files linted with strictTypeChecked (issue 20 §6): every TypeScript file of the repository. */
const STRICT_TYPED = [
  'apps/api/src/**/*.ts',
  'apps/sandbox/**/*.ts',
  'e2e/**/*.ts',
  'bench/**/*.ts',
  'scripts/**/*.ts',
  'apps/web/build/**/*.ts',
  'apps/web/src/**/*.{ts,tsx}',
  'packages/contracts/src/**/*.ts',
  'apps/web/vite.config.ts',
  'playwright.config.ts',
  'vitest.config.ts',
];

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

  // typescript-eslint's strictTypeChecked (typed linting, issue 20 §6), with the options mature projects
  // choose.
  {
    files: STRICT_TYPED,
    extends: [tseslint.configs.strictTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Numbers read naturally in messages and URLs (`port ${port}`), and the rule's default safe classes
      // (Error, URL, URLSearchParams) also as @types/node declares them; other objects, nullish and
      // unions are still flagged.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allowNumber: true,
          allow: [
            { from: 'lib', name: ['Error', 'URL', 'URLSearchParams'] },
            { from: 'package', package: 'url', name: ['URL', 'URLSearchParams'] },
          ],
        },
      ],
      // Fastify's documented idiom is an `async` plugin or handler whether or not it awaits
      // (FastifyPluginAsync must return a promise; a sync handler returning `reply.send()` re-sends), so
      // `async` without `await` is not a mistake here; unhandled and misused promises are still
      // caught by no-floating-promises and no-misused-promises.
      '@typescript-eslint/require-await': 'off',
      // openid-client and oauth4webapi mark allowInsecureRequests deprecated "only to make it stand out":
      // the sandbox and the tests talk plain HTTP to localhost on purpose.
      '@typescript-eslint/no-deprecated': [
        'error',
        {
          allow: [
            { from: 'package', package: 'openid-client', name: 'allowInsecureRequests' },
            { from: 'package', package: 'oauth4webapi', name: 'allowInsecureRequests' },
          ],
        },
      ],
      // `() => void doIt()` shorthand callbacks are idiomatic; returning a void call elsewhere is still flagged.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    // In tests a failed `!` is a failed test with a clear stack, so non-null assertions are allowed there.
    files: TESTS,
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      // vitest types its asymmetric matchers (`expect.any(String)`, `expect.stringMatching(…)`) as `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
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
      'import-x/no-relative-packages': 'error',
    },
  },
  {
    files: [`${WEB_FEATURES}/**/*.{ts,tsx}`],
    rules: { 'boundaries/web-features': ['error', { zones: webFeatureZones }] },
  },
  {
    files: [`${API_MODULES}/**/*.ts`],
    // Tests and test support may reach another module's test fixtures (`../linking/test-support.ts`).
    ignores: TESTS,
    rules: { 'boundaries/api-modules': ['error', { zones: apiModuleZones }] },
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
