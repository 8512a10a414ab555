// ESLint for the webapp (`npm run lint`, part of `npm test`): TypeScript rules, the rules
// of hooks, and the module boundaries of issue 12: a feature under src/features/<area>/
// imports its own files and shared code only, never another feature, so that a screen can
// be changed or removed without reading the others. Only the app shell (App.tsx,
// main.tsx) composes features.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'e2e/.artifacts/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'feature', pattern: 'src/features/*', capture: ['area'] },
        { type: 'shared', pattern: ['src/components', 'src/lib', 'src/store', 'src/api'] },
        // What is left: the app shell at the top of src/ (App.tsx, main.tsx).
        { type: 'app', pattern: 'src' },
      ],
    },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'app' } }, allow: { to: { element: { types: { anyOf: ['app', 'feature', 'shared'] } } } } },
            { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
            { from: { element: { type: 'feature' } }, allow: { to: { element: { type: 'shared' } } } },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { area: '{{ from.element.captured.area }}' } } } },
            },
          ],
        },
      ],
      // Every file of src/ belongs to one of the elements above.
      'boundaries/no-unknown-files': 'error',
    },
  },
  {
    // Calls to the server live in api/ modules (src/api for shared ones, src/features/<area>/api
    // for a feature's own), one per endpoint group: screens call functions, not paths.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/**', 'src/features/*/api/**', 'src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/lib/api'], importNames: ['api', 'request'], message: 'Call the server through an api/ module (src/api or the feature\'s api/).' }] },
      ],
    },
  },
  {
    // The e2e scripts run in node and hand functions to the page (page.evaluate); scripts/ are node tools.
    files: ['e2e/**/*.mjs', 'scripts/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
