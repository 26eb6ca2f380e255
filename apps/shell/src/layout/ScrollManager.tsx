import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const ANCHOR_WAIT_MS = 5000;

/**
 * Scrolls to the top on every new page, or to the #anchor when the URL has one. An anchor may live
 * in a remote that is still loading, so it is looked for until it appears (bounded in time).
 * The page the visitor lands on is the browser's to place: it starts at the top, restores the
 * position on reload or Back, and finds an anchor that is already in the (prerendered) HTML; moving
 * the page then, while it hydrates, would yank a visitor who has already scrolled.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const landing = useRef(true);
  const shownPathname = useRef(pathname);

  useEffect(() => {
    const landed = landing.current;
    landing.current = false;
    const samePage = shownPathname.current === pathname;
    shownPathname.current = pathname;
    // Back or Forward within the page, or an anchor the browser followed by itself before the
    // page's part hydrated (early-interactions/held-navigation.ts tells the router later): the
    // browser has placed the page, and the visitor may have scrolled on since. A page that rewrites
    // its own address (the blog list's filters, REPLACE) stays where the visitor is.
    if (!landed && samePage && (navigationType === 'POP' || navigationType === 'REPLACE')) return;
    const id = decodeURIComponent(hash.slice(1));
    if (landed && (!hash || document.getElementById(id))) return;
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const scrollTo = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      target.scrollIntoView({ block: 'start' });
      return true;
    };
    if (scrollTo()) return;
    const observer = new MutationObserver(() => {
      if (scrollTo()) stop();
    });
    const timer = window.setTimeout(() => stop(), ANCHOR_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash, navigationType]);

  return null;
}
