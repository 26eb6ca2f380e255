import { PATHS, type SitePath } from './paths';
import { SITE_ROUTES } from './routes';

describe('the paths of the site', () => {
  it('are the route table’s, one route each', () => {
    expect(SITE_ROUTES.map((route) => route.path).sort()).toEqual(Object.values(PATHS).sort());
  });

  it('type every link: a made-up path does not compile', () => {
    // Each line below must fail the typecheck; if one compiled, its directive would be unused and
    // `tsc` would fail instead.
    // @ts-expect-error: not a path of the site
    const madeUp: SitePath = '/made-up';
    // @ts-expect-error: not a route name
    const unknownName = PATHS.madeUp;
    const known: SitePath = PATHS.comingSoon;
    expect([madeUp, unknownName, known]).toEqual(['/made-up', undefined, '/coming-soon']);
  });
});
