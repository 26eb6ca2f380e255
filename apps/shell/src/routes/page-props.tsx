import type {
  ExposeName,
  ExposedModuleRef,
  ExposedProps,
  NoProps,
  RemoteName,
} from '@agentora/contracts';
import { RemotePart } from '../federation/RemotePart';

/** The exposed modules of remote R whose contract props are not NoProps: the shell must provide them. */
type ModulesWithProps<R extends RemoteName> = {
  [E in ExposeName<R>]: NoProps extends ExposedProps<R, E> ? never : E;
}[ExposeName<R>];

type PagePropsTable = {
  [R in RemoteName as ModulesWithProps<R> extends never ? never : R]: {
    [E in ModulesWithProps<R>]: () => ExposedProps<R, E>;
  };
};

/**
 * What the shell passes to the pages that take props (every other page takes none). This is where
 * one remote's page gets another remote's parts: the home page shows the signups sections, which
 * load as the visitor scrolls near them. TypeScript fails here when a contract gives a page props.
 */
export const PAGE_PROPS: PagePropsTable = {
  content: {
    './HomePage': () => ({
      earlyAccessSlot: (
        <RemotePart
          remote="signups"
          expose="./EarlyAccessSection"
          props={{}}
          variant="section"
          minHeight="24rem"
          load="near-viewport"
        />
      ),
      newsletterSlot: (
        <RemotePart
          remote="signups"
          expose="./NewsletterSignup"
          props={{}}
          variant="section"
          minHeight="16rem"
          load="near-viewport"
        />
      ),
    }),
  },
};

/** The props the shell gives the page module `page`. */
export function pageProps(page: ExposedModuleRef): object {
  const forRemote = (PAGE_PROPS as Partial<Record<RemoteName, Record<string, () => object>>>)[
    page.remote
  ];
  return forRemote && Object.hasOwn(forRemote, page.expose) ? forRemote[page.expose]!() : {};
}
