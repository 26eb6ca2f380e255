import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { ErrorPage } from './ErrorPage';

const reportRouteFailure = (error: Error, componentStack: string) =>
  console.error('[shell] a route failed to render:', error, componentStack);

/**
 * Shows the error page in place of a route (or the layout) that threw while rendering; moving to
 * another location clears the failure, so the visitor can go on.
 */
export function GuardedRoute({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={<ErrorPage />} onError={reportRouteFailure}>
      {children}
    </ErrorBoundary>
  );
}
