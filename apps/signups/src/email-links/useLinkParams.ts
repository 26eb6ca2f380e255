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

/**
 * The token of the mail link that opened the page, from its address, for the action its button
 * takes (not for what the page shows: see useLinkParams). Read from the router's address, which the
 * browser knows from the start, so a press replayed while the page is being taken over finds it.
 */
export function useLinkToken(): string | null {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search).get('token') || null, [search]);
}

/**
 * Whether a page of a mail link shows its button: when its address has a token, and while it cannot
 * know (its prerendered HTML shows the button most visitors come for; a visit without a token learns
 * where the link is once the page's code has run).
 */
export function showsLinkAction(params: LinkParams | undefined): boolean {
  return params === undefined || params.token !== null;
}
