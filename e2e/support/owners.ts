// The end-to-end suite is split by owner (docs/development.md, "End-to-end tests by owner"): each team's
// specs in a folder and an Nx project of its own, which loads only the apps its pages show, so a
// change in one remote runs its team's specs and the site's smoke, not every spec.
import { APP_NAMES, type AppName } from '@agentora/contracts/apps';
import { SITE_ROUTES, type SiteRoute } from '@agentora/data/routes';

/** Each owner's suite (a folder of e2e/, a Playwright project) and the apps its pages load. */
export const E2E_OWNERS = {
  careers: ['shell', 'careers', 'signups'],
  // The console's rows are made through the backend's API, as the site's forms make them.
  console: ['shell', 'backoffice'],
  content: ['shell', 'content', 'signups'],
  signups: ['shell', 'signups', 'content'],
  shell: APP_NAMES,
  site: APP_NAMES,
} as const satisfies Record<string, readonly AppName[]>;

export type E2eOwner = keyof typeof E2E_OWNERS;

/** The owner whose suite this run is (E2E_OWNER, set by its Nx target); none: the whole suite. */
export function e2eOwner(): E2eOwner | undefined {
  const owner = process.env.E2E_OWNER;
  if (owner === undefined || owner === '') return undefined;
  if (!Object.hasOwn(E2E_OWNERS, owner))
    throw new Error(`E2E_OWNER=${owner}: not one of ${Object.keys(E2E_OWNERS).join(', ')}`);
  return owner as E2eOwner;
}

/** The apps this run serves: its owner's, or all four for the whole suite. */
export function servedApps(): readonly AppName[] {
  const owner = e2eOwner();
  return owner ? E2E_OWNERS[owner] : APP_NAMES;
}

/** The routes whose page this run serves (a route of an app not served would only show a failure). */
export function servedRoutes(): readonly SiteRoute[] {
  const apps: readonly AppName[] = servedApps();
  return SITE_ROUTES.filter((route) => apps.includes(route.page.remote));
}
