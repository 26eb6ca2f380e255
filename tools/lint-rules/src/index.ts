// The workspace's own ESLint rules, used by eslint.config.mjs as the plugin `agentora`.
import type { ESLint } from 'eslint';
import { moduleBoundaries } from './module-boundaries.ts';
import { noRouteLiterals } from './no-route-literals.ts';

export const agentoraPlugin: ESLint.Plugin = {
  meta: { name: '@agentora/lint-rules' },
  rules: { 'module-boundaries': moduleBoundaries, 'no-route-literals': noRouteLiterals },
};
