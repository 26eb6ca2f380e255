import { createBrowserRouter, useLocation, type RouteObject } from 'react-router-dom';
import { SiteLayout } from '../layout/SiteLayout';
import { ErrorPage } from './ErrorPage';
import { PageMeta } from './PageMeta';
import { SITE_ROUTES } from './route-table';

function RoutingFailure() {
  const { pathname } = useLocation();
  return <ErrorPage path={pathname} />;
}

/**
 * The layout route keeps header and footer for every page, the fallback included: an unknown path
 * matches '*', and a routing failure inside a page is caught by the child errorElement. Only if
 * the layout itself fails does the error page stand alone.
 */
export const routeObjects: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RoutingFailure />,
    children: [
      {
        errorElement: <RoutingFailure />,
        children: [
          ...SITE_ROUTES.map((route) => ({
            path: route.path,
            element: (
              <>
                <PageMeta title={route.title} description={route.description} path={route.path} />
                {route.render()}
              </>
            ),
          })),
          { path: '*', element: <RoutingFailure /> },
        ],
      },
    ],
  },
];

export const createSiteRouter = () => createBrowserRouter(routeObjects);
