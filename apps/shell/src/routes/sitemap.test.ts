import fs from 'node:fs';
import path from 'node:path';
import { SITE_URL } from '@agentora/data';
import { SITE_ROUTES } from './route-table';

jest.mock('../federation/remote-loader', () => ({ loadExposed: jest.fn(), resetRemote: jest.fn() }));

const publicDir = path.join(__dirname, '../../public');

describe('search engine files', () => {
  it('lists every route of the site in sitemap.xml, and nothing else', () => {
    const xml = fs.readFileSync(path.join(publicDir, 'sitemap.xml'), 'utf8');
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations.sort()).toEqual(SITE_ROUTES.map((route) => `${SITE_URL}${route.path === '/' ? '' : route.path}`).sort());
  });

  it('lets crawlers in and points them at the sitemap', () => {
    const robots = fs.readFileSync(path.join(publicDir, 'robots.txt'), 'utf8');
    expect(robots).toContain('User-agent: *\nAllow: /');
    expect(robots).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });
});
