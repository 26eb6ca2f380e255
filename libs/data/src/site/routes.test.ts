import { COMING_SOON_PATHS, SITE_PATHS } from './routes';

it('lists the 19 routes of the spec, 8 of them showing the coming-soon (waitlist) screen', () => {
  expect(SITE_PATHS).toHaveLength(19);
  expect(new Set(SITE_PATHS).size).toBe(19);
  expect(COMING_SOON_PATHS).toEqual(['/coming-soon', '/marketplace', '/documentation', '/api', '/press', '/contact', '/cookies', '/gdpr']);
});
