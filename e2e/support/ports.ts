import type { AppName } from '@agentora/preview';

/** Port blocks for the sites the tests start, away from the dev servers' 4200-4203. */
export function portBlock(base: number): Record<AppName, number> {
  return { shell: base, content: base + 1, signups: base + 2, careers: base + 3 };
}

/** Override with E2E_PORT_BASE / E2E_BACKEND_PORT to run two suites side by side. */
export const SHARED_SITE_BASE_PORT = Number(process.env.E2E_PORT_BASE ?? 4300);
