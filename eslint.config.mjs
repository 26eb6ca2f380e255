// One lint config for every project; each project runs `eslint .` from its own folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { agentoraPlugin } from './tools/lint-rules/src/index.ts';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.nx/**',
      '**/coverage/**',
      '**/.local-supabase/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // The layers of docs/architecture.md ("Who may import whom"), from each project's Nx tags.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { agentora: agentoraPlugin },
    rules: { 'agentora/module-boundaries': 'error' },
  },
  {
    // Links name a path (PATHS.… of libs/data/src/site/paths.ts), so a made-up route does not compile.
    files: ['apps/**/src/**/*.{ts,tsx}', 'libs/**/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-support/**', 'libs/data/src/site/paths.ts'],
    plugins: { agentora: agentoraPlugin },
    rules: { 'agentora/no-route-literals': 'error' },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
