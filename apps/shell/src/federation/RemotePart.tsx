import { Suspense, lazy, useCallback, useEffect, useRef, useState, type LazyExoticComponent, type ReactNode } from 'react';
import styled from 'styled-components';
import type { ExposeName, ExposedComponent, ExposedProps, RemoteName } from '@agentora/contracts';
import { AlertCircleIcon, Button, DelayedFallback, RefreshIcon } from '@agentora/ui';
import { loadExposed, resetRemote } from './remote-loader';
import { PAGE_MIN_HEIGHT } from '../layout/page-height';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { FirstScreenSettled, whenFirstScreenSettled } from './first-screen';

export type RemotePartVariant = 'page' | 'section' | 'inline';

// One lazy component per (remote, module, attempt): reusing it keeps a loaded page from suspending
// again when the visitor comes back to it; a new attempt after Retry gets a fresh one.
const lazyCache = new Map<string, unknown>();

function lazyExposed<R extends RemoteName, E extends ExposeName<R>>(remote: R, expose: E, attempt: number) {
  const key = `${remote}:${expose}:${attempt}`;
  let component = lazyCache.get(key) as LazyExoticComponent<ExposedComponent<R, E>> | undefined;
  if (!component) {
    component = lazy(() => loadExposed(remote, expose));
    lazyCache.set(key, component);
  }
  return component;
}

const attempts = new Map<RemoteName, number>();

const FailureRoot = styled.div<{ $variant: RemotePartVariant }>`
  display: flex;
  flex-direction: column;
  align-items: ${({ $variant }) => ($variant === 'inline' ? 'flex-start' : 'center')};
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  min-height: ${({ $variant }) => ($variant === 'page' ? PAGE_MIN_HEIGHT : 'auto')};
  padding: ${({ theme, $variant }) => ($variant === 'inline' ? 0 : theme.space.xxl)} ${({ theme }) => theme.space.lg};
  text-align: ${({ $variant }) => ($variant === 'inline' ? 'left' : 'center')};
  color: ${({ theme }) => theme.colors.textMuted};
  h2 { color: ${({ theme }) => theme.colors.text}; font-size: ${({ theme }) => theme.fontSizes.xl}; margin: 0; }
  p { margin: 0; max-width: 36rem; }
  svg { color: ${({ theme }) => theme.colors.errorText}; }
`;

function RemoteFailure({ variant, onRetry }: { variant: RemotePartVariant; onRetry: () => void }) {
  return (
    <FailureRoot $variant={variant} role="alert" data-remote-failure="">
      {variant === 'page' && <FirstScreenSettled />}
      {variant !== 'inline' && <AlertCircleIcon size={32} />}
      {variant === 'inline' ? null : <h2>{variant === 'page' ? 'This page is temporarily unavailable' : 'This section is temporarily unavailable'}</h2>}
      <p>
        {variant === 'inline'
          ? 'This form could not be loaded right now.'
          : 'We could not load this part of the site. The rest of the site still works; please try again in a moment.'}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        <RefreshIcon size={18} />
        Retry
      </Button>
    </FailureRoot>
  );
}

export interface RemotePartProps<R extends RemoteName, E extends ExposeName<R>> {
  remote: R;
  expose: E;
  props: ExposedProps<R, E>;
  variant: RemotePartVariant;
  /** Space held while loading, so the layout does not jump when the part arrives. */
  minHeight?: string;
  /**
   * 'with-page' (default): loads as soon as it renders. 'near-viewport': for parts below the first
   * screen, loads when the visitor scrolls within NEAR_VIEWPORT_MARGIN of it, so the first screen's
   * modules do not share the network and the main thread with it.
   */
  load?: 'with-page' | 'near-viewport';
}

/** How far ahead of the viewport a 'near-viewport' part starts loading. */
export const NEAR_VIEWPORT_MARGIN = '400px 0px';

/** Renders one exposed module of a remote, with its own loading state, error boundary and Retry. */
export function RemotePart<R extends RemoteName, E extends ExposeName<R>>(partProps: RemotePartProps<R, E>) {
  // Routes render their parts at the same place in the tree: the key keeps one module's state
  // (its lazy component, its failure) from carrying over to another.
  const key = `${partProps.remote}:${partProps.expose}`;
  if (partProps.load === 'near-viewport') {
    return (
      <WhenNearViewport key={key} minHeight={partProps.minHeight ?? '4rem'}>
        <LoadedRemotePart {...partProps} />
      </WhenNearViewport>
    );
  }
  return <LoadedRemotePart key={key} {...partProps} />;
}

/**
 * Holds the part's space until it comes within NEAR_VIEWPORT_MARGIN of the viewport, looking only
 * once the page has rendered (first-screen.ts).
 */
function WhenNearViewport({ minHeight, children }: { minHeight: string; children: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [pageShown, setPageShown] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => whenFirstScreenSettled(() => setPageShown(true)), []);
  useEffect(() => {
    if (near || !pageShown || !placeholder.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: NEAR_VIEWPORT_MARGIN });
    observer.observe(placeholder.current);
    return () => observer.disconnect();
  }, [near, pageShown]);
  return near ? children : <div ref={placeholder} style={{ minHeight }} data-waiting-for-viewport="" />;
}

function LoadedRemotePart<R extends RemoteName, E extends ExposeName<R>>({ remote, expose, props, variant, minHeight }: RemotePartProps<R, E>) {
  const [loaded, setLoaded] = useState(() => {
    const attempt = attempts.get(remote) ?? 0;
    return { attempt, Exposed: lazyExposed(remote, expose, attempt) };
  });
  const retry = useCallback(() => {
    const attempt = (attempts.get(remote) ?? 0) + 1;
    attempts.set(remote, attempt);
    resetRemote(remote);
    setLoaded({ attempt, Exposed: lazyExposed(remote, expose, attempt) });
  }, [remote, expose]);

  const { attempt, Exposed } = loaded;
  const fallbackHeight = minHeight ?? (variant === 'page' ? PAGE_MIN_HEIGHT : '4rem');
  return (
    <ErrorBoundary
      key={attempt}
      fallback={<RemoteFailure variant={variant} onRetry={retry} />}
      onError={(error, componentStack) => console.error(`[shell] the "${remote}" remote failed:`, error, componentStack)}
    >
      <Suspense fallback={<DelayedFallback minHeight={fallbackHeight} label={variant === 'page' ? 'Loading page…' : 'Loading…'} />}>
        <Exposed {...(props as ExposedProps<R, E> & object)} />
        {variant === 'page' && <FirstScreenSettled />}
      </Suspense>
    </ErrorBoundary>
  );
}
