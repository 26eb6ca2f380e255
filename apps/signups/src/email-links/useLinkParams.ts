import { useMemo, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

export interface LinkParams {
  /** The link's token, or null when the page was opened without one. */
  token: string | null;
  /** What the privacy page's link is for ('erase' or 'copy'), when it says. */
  action: string | null;
}

const NOTHING_TO_WATCH = () => () => undefined;

/**
 * The token and action of the mail link that opened the page, or undefined where they cannot be known:
 * when the page is rendered ahead of time (without a query), and while the browser takes that render
 * over, whose first render must match it (React renders with the server snapshot, then again).
 */
export function useLinkParams(): LinkParams | undefined {
  const { search } = useLocation();
  const inBrowser = useSyncExternalStore(
    NOTHING_TO_WATCH,
    () => true,
    () => false,
  );
  return useMemo(() => {
    if (!inBrowser) return undefined;
    const query = new URLSearchParams(search);
    return { token: query.get('token') || null, action: query.get('action') };
  }, [inBrowser, search]);
}
