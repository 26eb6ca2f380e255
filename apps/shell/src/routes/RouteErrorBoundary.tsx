import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorPage } from './ErrorPage';

export function RoutingFailure() {
  const { pathname } = useLocation();
  return <ErrorPage path={pathname} />;
}

interface Props {
  /** The location it guards: moving to another one clears a failure, so the visitor can go on. */
  resetKey: string;
  children: ReactNode;
}

/** Shows the error page in place of a route (or the layout) that threw while rendering. */
export class RouteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[shell] a route failed to render:', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RoutingFailure /> : this.props.children;
  }
}

/** RouteErrorBoundary reset on every navigation. */
export function GuardedRoute({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{children}</RouteErrorBoundary>;
}
