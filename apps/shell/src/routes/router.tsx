import { Route, Routes } from 'react-router-dom';
import { SiteLayout } from '../layout/SiteLayout';
import { PageMeta } from './PageMeta';
import { GuardedRoute, RoutingFailure } from './GuardedRoute';
import { SITE_ROUTES } from './route-table';

/**
 * The layout route keeps header and footer for every page, the fallback included: an unknown path
 * matches '*', and a page that fails while rendering shows the error page in its place. Only if
 * the layout itself fails does the error page stand alone.
 * (Declarative routes: the site needs no loaders or actions, and the data router would add 17 KB
 * gzip to every page.)
 */
export function SiteRoutes() {
  return (
    <GuardedRoute>
      <Routes>
        <Route element={<SiteLayout />}>
          {SITE_ROUTES.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={
                <GuardedRoute>
                  <PageMeta title={route.title} description={route.description} path={route.path} />
                  {route.render()}
                </GuardedRoute>
              }
            />
          ))}
          <Route path="*" element={<RoutingFailure />} />
        </Route>
      </Routes>
    </GuardedRoute>
  );
}
