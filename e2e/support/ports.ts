import type { AppName } from '@agentora/preview';

/** Port blocks for the sites the tests start, away from the dev servers' 4200-4203. */
export function portBlock(base: number): Record<AppName, number> {
  return { shell: base, content: base + 1, signups: base + 2, careers: base + 3 };
}

export const SHARED_SITE_BASE_PORT = 4300;
