import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import type { ExposedModuleRef } from '@agentora/contracts';
import { hydrationOf, SITE_ROUTES, type SiteRoute } from '@agentora/data/routes';
import { RemotePart } from '../federation/RemotePart';
import { SiteLayout } from '../layout/SiteLayout';
import { PAGE_MIN_HEIGHT } from '../layout/page-height';
import { PageMeta } from './PageMeta';
import { GuardedRoute } from './GuardedRoute';
import { ErrorPage } from './ErrorPage';
import { pageProps } from './page-props';

/** A route's page: its module from the owning remote, holding the first screen while it loads. */
function RemotePage({ route }: { route: SiteRoute }) {
  const { search } = useLocation();
  const page: ExposedModuleRef = route.page;
  // Each (remote, module) pair of the table is checked against the contract where it is written;
  // their union cannot pick one of RemotePart's type parameters, hence `never`.
  return (
    <RemotePart
      remote={page.remote}
      expose={page.expose as never}
      props={pageProps(page) as never}
      variant="page"
      minHeight={PAGE_MIN_HEIGHT}
      hydrate={hydrationOf(route, search)}
    />
  );
}

/**
 * One route per entry of the site's route table (libs/data/src/site/routes.ts). The layout route
 * keeps header and footer for every page, the fallback included: an unknown path matches '*', and
 * a page that fails while rendering shows the error page in its place. Only if the layout itself
 * fails does the error page stand alone.
 * (Declarative routes: the site needs no loaders or actions, and the data router would add 17 KB
 * gzip to every page. Route objects built once rather than <Route> children: the router would
 * otherwise rebuild them from the element tree on every render, the page's hydration included.)
 */
const SITE_ROUTE_OBJECTS: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      ...SITE_ROUTES.map((route) => ({
        path: route.path,
        element: (
          <GuardedRoute>
            <PageMeta
              title={route.title}
              description={route.description}
              path={route.path}
              noindex={route.noindex}
              article={route.article}
              feed={route.feed}
            />
            <RemotePage route={route} />
          </GuardedRoute>
        ),
      })),
      { path: '*', element: <ErrorPage /> },
    ],
  },
];

function SiteRouteElement() {
  return useRoutes(SITE_ROUTE_OBJECTS);
}

export function SiteRoutes() {
  return (
    <GuardedRoute>
      <SiteRouteElement />
    </GuardedRoute>
  );
}
