import {
  Suspense,
  createContext,
  lazy,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type LazyExoticComponent,
  type ReactNode,
  type RefObject,
} from 'react';
import styled from 'styled-components';
import type {
  ExposeName,
  ExposedComponent,
  ExposedModule,
  ExposedProps,
  RemoteName,
} from '@agentora/contracts';
import { AlertCircleIcon, Button, DelayedFallback, RefreshIcon } from '@agentora/ui';
import { loadExposed, moduleId, resetRemote } from './remote-loader';
import { checkPartVersion, renderPartAnew, takeLandingPart } from './part-versions';
import { reportRemote } from './remote-health';
import {
  NEAR_VIEWPORT_MARGIN,
  onEarlyIntent,
  PART_ATTRIBUTE,
  partHydrated,
} from './early-interactions';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { FirstScreenSettled, whenFirstScreenSettled } from './first-screen';

export type RemotePartVariant = 'page' | 'section' | 'inline';

// The component React renders for one load of a module. Loads live in the loader's one cache
// (remote-loader.ts), which alone decides when a module is fetched again; this only keeps one lazy
// wrapper per load, so a page the visitor comes back to renders at once instead of suspending again.
const componentByLoad = new WeakMap<Promise<unknown>, unknown>();

/** The element around the part being rendered (early-interactions/parts.ts). */
const PartElement = createContext<RefObject<HTMLDivElement | null> | null>(null);

/** Once a part's module has rendered (hydrated, or rendered anew), its own code takes over. */
function useHandOverToPart(): void {
  const element = useContext(PartElement);
  useEffect(() => {
    const part = element?.current;
    // After React's commit has finished: what is handed over is then handled as a visitor's own
    // input, each change rendered before the next (inside an effect, React would batch them all
    // and every handler would see the state from before).
    if (part) queueMicrotask(() => partHydrated(part));
  }, [element]);
}

/** Load failures already counted as such: the boundary that shows them is not a render failure. */
const loadFailures = new WeakSet<Error>();

function componentFor<R extends RemoteName, E extends ExposeName<R>>(
  remote: R,
  expose: E,
  load: Promise<ExposedModule<R, E>>,
): LazyExoticComponent<ExposedComponent<R, E>> {
  let component = componentByLoad.get(load) as
    LazyExoticComponent<ExposedComponent<R, E>> | undefined;
  if (!component) {
    const id = moduleId(remote, expose);
    component = lazy(() =>
      load.then(
        ({ default: Exposed }) => {
          reportRemote(remote, 'loaded');
          // On its first render, checks that prerendered HTML of this part is from this build
          // (part-versions.ts); a stale part is rendered anew instead of adopted.
          const Checked = (props: ExposedProps<R, E>) => {
            checkPartVersion(id);
            useHandOverToPart();
            return <Exposed {...(props as ExposedProps<R, E> & object)} />;
          };
          return { default: Checked as ExposedComponent<R, E> };
        },
        (error: unknown) => {
          reportRemote(remote, 'load_failed');
          if (error instanceof Error) loadFailures.add(error);
          throw error;
        },
      ),
    );
    componentByLoad.set(load, component);
  }
  return component;
}

const FailureRoot = styled.div<{ $variant: RemotePartVariant; $minHeight: string }>`
  display: flex;
  flex-direction: column;
  align-items: ${({ $variant }) => ($variant === 'inline' ? 'flex-start' : 'center')};
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  min-height: ${({ $minHeight }) => $minHeight};
  padding: ${({ theme, $variant }) => ($variant === 'inline' ? 0 : theme.space.xxl)}
    ${({ theme }) => theme.space.lg};
  text-align: ${({ $variant }) => ($variant === 'inline' ? 'left' : 'center')};
  color: ${({ theme }) => theme.colors.textMuted};
  h2 {
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.xl};
    margin: 0;
  }
  p {
    margin: 0;
    max-width: 36rem;
  }
  svg {
    color: ${({ theme }) => theme.colors.errorText};
  }
`;

function RemoteFailure({
  variant,
  minHeight,
  onRetry,
}: {
  variant: RemotePartVariant;
  minHeight: string;
  onRetry: () => void;
}) {
  return (
    <FailureRoot $variant={variant} $minHeight={minHeight} role="alert" data-remote-failure="">
      {variant === 'page' && <FirstScreenSettled />}
      {variant !== 'inline' && <AlertCircleIcon size={32} />}
      {variant === 'inline' ? null : (
        <h2>
          {variant === 'page'
            ? 'This page is temporarily unavailable'
            : 'This section is temporarily unavailable'}
        </h2>
      )}
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
  /**
   * Space held while loading (and by a page's failure message), so the layout does not jump when
   * the part arrives.
   */
  minHeight?: string;
  /**
   * 'with-page' (default): loads as soon as it renders. 'near-viewport': for parts below the first
   * screen, loads when the visitor scrolls within NEAR_VIEWPORT_MARGIN of it, so the first screen's
   * modules do not share the network and the main thread with it.
   */
  load?: 'with-page' | 'near-viewport';
  /**
   * On the prerendered page the visitor landed on, when the part's code loads and takes over its
   * HTML: 'when-used' (default), on the visitor's first pointer, touch, focus or key in it; 'at-load'
   * at once. See SiteRoute.hydrateAtLoadWith in libs/data/src/site/routes.ts.
   */
  hydrate?: 'when-used' | 'at-load';
}

/** Renders one exposed module of a remote, with its own loading state, error boundary and Retry. */
export function RemotePart<R extends RemoteName, E extends ExposeName<R>>(
  partProps: RemotePartProps<R, E>,
) {
  // Routes render their parts at the same place in the tree: the key keeps one module's state
  // (its attempt, its failure) from carrying over to another.
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
  // Never near on the server, nor while hydrating: prerendered HTML holds the placeholder, with the
  // part's space, and the first client render must agree with it.
  const [near, setNear] = useState(false);
  const [pageShown, setPageShown] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => whenFirstScreenSettled(() => setPageShown(true)), []);
  useEffect(() => {
    if (near || !pageShown || !placeholder.current || typeof IntersectionObserver === 'undefined')
      return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(placeholder.current);
    return () => observer.disconnect();
  }, [near, pageShown]);
  // Without IntersectionObserver (old browsers), the part loads once the page has rendered.
  const show = near || (pageShown && typeof IntersectionObserver === 'undefined');
  return show ? (
    children
  ) : (
    <div ref={placeholder} style={{ minHeight }} data-waiting-for-viewport="" />
  );
}

/**
 * Loads the module once the visitor starts using its prerendered part (early-interactions/intent.ts).
 * Until then React keeps the part's server HTML as it is: readable, its links working, and whatever
 * the visitor types or presses in it held for the part's code.
 */
function loadWhenUsed<R extends RemoteName, E extends ExposeName<R>>(
  remote: R,
  expose: E,
): Promise<ExposedModule<R, E>> {
  const id = moduleId(remote, expose);
  return new Promise<void>((used) => {
    const stop = onEarlyIntent((part) => {
      if (part.getAttribute(PART_ATTRIBUTE) !== id) return;
      stop();
      used();
    });
  }).then(() => loadExposed(remote, expose));
}

function LoadedRemotePart<R extends RemoteName, E extends ExposeName<R>>({
  remote,
  expose,
  props,
  variant,
  minHeight,
  hydrate = 'when-used',
}: RemotePartProps<R, E>) {
  // The load this part shows is fixed when it mounts: another part's Retry of the same remote must
  // not swap a module that is already on screen. Retry starts a new load and a fresh boundary.
  const [{ attempt, Exposed }, setLoaded] = useState(() => {
    const id = moduleId(remote, expose);
    const landed = takeLandingPart(id);
    if (landed && hydrate === 'at-load')
      renderPartAnew(id, 'the address asks for more than its prerendered HTML shows.');
    const adoptsHtml = landed && hydrate === 'when-used';
    return {
      attempt: 0,
      Exposed: componentFor(
        remote,
        expose,
        adoptsHtml ? loadWhenUsed(remote, expose) : loadExposed(remote, expose),
      ),
    };
  });
  const retry = useCallback(() => {
    resetRemote(remote);
    setLoaded((previous) => ({
      attempt: previous.attempt + 1,
      Exposed: componentFor(remote, expose, loadExposed(remote, expose)),
    }));
  }, [remote, expose]);

  const heldHeight = minHeight ?? (variant === 'page' ? '60vh' : '4rem');
  const element = useRef<HTMLDivElement>(null);
  return (
    <ErrorBoundary
      key={attempt}
      fallback={
        <RemoteFailure
          variant={variant}
          minHeight={variant === 'page' ? heldHeight : 'auto'}
          onRetry={retry}
        />
      }
      onError={(error, componentStack) => {
        if (!loadFailures.has(error)) reportRemote(remote, 'render_failed');
        console.error(`[shell] the "${remote}" remote failed:`, error, componentStack);
      }}
    >
      {/* Takes no box of its own: the part lays out as if it were not there. */}
      <div
        ref={element}
        {...{ [PART_ATTRIBUTE]: moduleId(remote, expose) }}
        style={{ display: 'contents' }}
      >
        <PartElement.Provider value={element}>
          <Suspense
            fallback={
              <DelayedFallback
                minHeight={heldHeight}
                label={variant === 'page' ? 'Loading page…' : 'Loading…'}
              />
            }
          >
            <Exposed {...(props as ExposedProps<R, E> & object)} />
            {variant === 'page' && <FirstScreenSettled />}
          </Suspense>
        </PartElement.Provider>
      </div>
    </ErrorBoundary>
  );
}
