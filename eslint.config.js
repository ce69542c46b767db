import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const apiModules = readdirSync(new URL('./apps/api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Istanbul time has one home, packages/domain/src/calendar.ts (Intl's Europe/Istanbul zone): a
// hand-written +3 h offset is refused outside tests (issue 37).
const istanbulOffsetMessage =
  'Hand-written Istanbul offset: use packages/domain/src/calendar.ts (istanbulDay, istanbulWallClock, fromIstanbulWallClock, istanbulIsoTime, parseIstanbulLocal, …).';
const handWrittenIstanbulOffset = [
  'Literal[value=10800000]',
  "BinaryExpression[operator='*'][left.value=3][right.value=3600000]",
  "BinaryExpression[operator='*'][left.value=3600000][right.value=3]",
  "BinaryExpression[operator='*'][left.operator='*'][left.left.value=3][left.right.value=3600][right.value=1000]",
  "BinaryExpression[operator='*'][left.operator='*'][left.left.value=3][left.right.value=60]",
  'Literal[value=/[+]03:?00$/]',
  'TemplateElement[value.raw=/[+]03:?00/]',
].map((selector) => ({ selector, message: istanbulOffsetMessage }));
const routeModuleExport = {
  selector: "ExportSpecifier[exported.name='Component'][local.name!='Component']",
  message: 'A route module declares `export function Component()` rather than re-exporting a named component.',
};
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/__tests__/**', 'e2e/**'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/api/src/db/migrations/**',
      'bench/.work/**',
      'e2e/artifacts/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    rules: {
      // Route modules (React Router `lazy`) all export their screen the same way: `export function Component()`.
      'no-restricted-syntax': ['error', routeModuleExport],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // One-way imports: components/ui and lib know no feature; features do not reach into each other.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'components/ui must not import features or app.',
            },
            {
              target: './apps/web/src/lib',
              from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
              message: 'lib must not import features, app or components.',
            },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'features must not import app.' },
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              // WorqTrade's connect-store step and WorqInsight's onboarding reuse the connections flow through its one public file;
              // WorqInsight shows the WorqTrade offer through WorqTrade's; the connections list shows a
              // store's first import through WorqInsight's.
              except:
                feature === 'worq-trade'
                  ? [`./${feature}`, './connections/public.ts']
                  : feature === 'insight'
                    ? [`./${feature}`, './connections/public.ts', './worq-trade/public.ts']
                    : feature === 'connections'
                      ? [`./${feature}`, './insight/public.ts']
                      : [`./${feature}`],
              message: 'A feature must not import another feature; share through components/ui or lib.',
            })),
          ],
        },
      ],
    },
  },
  {
    // Static accessibility checks on JSX (issue 17); axe-core in the e2e suite checks the rendered pages.
    files: ['apps/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling region or trace must be reachable by keyboard (axe scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: ['pre'], roles: ['tabpanel', 'region'] }],
      // Our code and phone fields take focus when they are the one thing a step asks for.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // No import cycles in the apps (issue 17): a cycle makes load order matter and hides layering
    // mistakes. The HTTP client loads its transport with import() on purpose, which stays allowed.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/extensions': ['.ts', '.tsx'], 'import/resolver': { node: { extensions: ['.ts', '.tsx'] } } },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
  {
    // API module boundaries (issue 17): a module reaches another only through that module's public.ts,
    // the list of what it exports on purpose. Tests and test kits may reach inside to set up state.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-kit.ts', '**/test-socket.ts'],
    plugins: { import: importPlugin },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: apiModules.map((module) => ({
            target: `./apps/api/src/modules/${module}`,
            from: './apps/api/src/modules',
            except: [`./${module}`, ...apiModules.filter((other) => other !== module).map((other) => `./${other}/public.ts`)],
            message: 'Import another API module through its public.ts only.',
          })),
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: [...testFiles, 'apps/web/**'],
    rules: { 'no-restricted-syntax': ['error', ...handWrittenIstanbulOffset] },
  },
  {
    // Repeats the web's route-module rule: a later no-restricted-syntax replaces an earlier one.
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: { 'no-restricted-syntax': ['error', routeModuleExport, ...handWrittenIstanbulOffset] },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'fastify', 'drizzle-orm', 'node:*'], message: 'packages/domain is pure: no framework or Node imports.' },
          ],
        },
      ],
    },
  },
);
