import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { countPageView } from '@agentora/data/growth';

/**
 * Counts each page the visitor opens, the first one included: the beacon sends it once the page has
 * loaded and the browser is idle (docs/growth.md). A new query or anchor on the same page is no new
 * page. Renders nothing; its effect runs only in the browser.
 */
export function VisitCounter() {
  const { pathname } = useLocation();
  const counted = useRef<string | undefined>(undefined);
  useEffect(() => {
    // StrictMode runs an effect twice on mount: the page was still opened once.
    if (counted.current === pathname) return;
    counted.current = pathname;
    countPageView(pathname);
  }, [pathname]);
  return null;
}
