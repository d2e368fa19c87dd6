import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { layerRules } from './eslint.layers.mjs';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['tests/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // A question before an action is the console's confirm step (components/console/confirm-step.tsx)
    // or the page's own words, never the browser's dialogs (unstyled, no focus return, blocking).
    files: ['app/**', 'components/**', 'lib/client/**'],
    rules: {
      'no-restricted-globals': ['error', ...['confirm', 'alert', 'prompt'].map((name) => ({ name, message: 'Ask on the confirm step (components/console/confirm-step.tsx), not a browser dialog.' }))],
      'no-restricted-properties': ['error', ...['confirm', 'alert', 'prompt'].map((property) => ({ object: 'window', property, message: 'Ask on the confirm step (components/console/confirm-step.tsx), not a browser dialog.' }))],
    },
  },
  {
    // The console's one button kit: no screen of the console writes a <button> of its own.
    files: ['components/console/**', 'app/(console)/**'],
    ignores: ['components/console/button.tsx'],
    rules: {
      'react/forbid-elements': ['error', { forbid: [{ element: 'button', message: 'use ConsoleButton (components/console/button.tsx)' }] }],
      // Nor borrows the customer screens' button (the brand's colours and width).
      'no-restricted-syntax': ['error', { selector: "ImportDeclaration[source.value='@/components/ui/button']", message: 'use ConsoleButton (components/console/button.tsx), the console\'s one button kit' }],
    },
  },
  ...layerRules,
  globalIgnores(['.next/**', '.next-*/**', 'scripts/bench-floor/.next/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'tests/support/empty.js']),
]);
