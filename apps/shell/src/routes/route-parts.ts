import { SITE_ROUTES, type RoutePart } from './route-table';

/** Parts every page shows (the footer's newsletter form). */
export const FRAME_PARTS: readonly RoutePart[] = [{ remote: 'signups', expose: './FooterNewsletter' }];

/** The remote modules the page at `pathname` renders (none for an unknown path). */
export function partsForPath(pathname: string): readonly RoutePart[] {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SITE_ROUTES.find((route) => route.path === normalized)?.parts ?? [];
}
