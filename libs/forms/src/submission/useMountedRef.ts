import { useEffect, useRef } from 'react';

/**
 * A ref that is true while the component is mounted. A submit handler checks it after each await, so
 * a reply that lands after the visitor left the page neither updates state nor starts a reset timer
 * that nothing would clear.
 */
export function useMountedRef() {
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
