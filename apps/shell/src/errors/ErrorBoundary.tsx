import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What shows in place of the children once they have thrown. */
  fallback: ReactNode;
  /** Where the failure is reported (the console names the area that failed). */
  onError: (error: Error, componentStack: string) => void;
  /** Changing it clears a failure and renders the children again (e.g. the location). */
  resetKey?: string;
  children: ReactNode;
}

/** The shell's one error boundary: each remote part and each route has its own. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError(error, info.componentStack ?? '');
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
