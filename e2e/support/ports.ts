import { portsFrom, type AppPorts } from '@agentora/contracts/apps';

/** Port blocks for the sites the tests start, away from the ports of `npm start` (LOCAL_PORTS). */
export function portBlock(base: number): AppPorts {
  return portsFrom(base);
}

/** Override with E2E_PORT_BASE / E2E_BACKEND_PORT to run two suites side by side. */
export const SHARED_SITE_BASE_PORT = Number(process.env.E2E_PORT_BASE ?? 4300);
