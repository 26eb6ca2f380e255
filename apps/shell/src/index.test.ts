// The entry records where the visit came from in its first task, before the shell or any remote's form
// could read it and before a link pressed early could leave the page; the beacon starts once the runtime
// config names the backend.
import { startVisitBeacon } from '@agentora/data/growth';
import { startRemotes } from './federation/start-remotes';

jest.mock('@agentora/data/growth', () => ({
  ...jest.requireActual('@agentora/data/growth'),
  startVisitBeacon: jest.fn(),
}));
jest.mock('./federation/start-remotes', () => ({ startRemotes: jest.fn() }));
jest.mock('./federation/early-interactions', () => ({ watchEarlyInteractions: jest.fn() }));
jest.mock('./bootstrap', () => ({ start: jest.fn() }));

const CONFIG = { supabase: { url: 'https://abc.supabase.co', publishableKey: 'sb_publishable_x' } };

it('captures the landing address at once, then starts the beacon with the backend', async () => {
  let configRead!: (config: Awaited<ReturnType<typeof startRemotes>>) => void;
  jest.mocked(startRemotes).mockReturnValue(new Promise((resolve) => (configRead = resolve)));
  window.history.replaceState(null, '', '/coming-soon?ref=0123456789abcdef&utm_medium=Social');
  await jest.isolateModulesAsync(async () => {
    await import('./index');
  });
  expect(JSON.parse(window.sessionStorage.getItem('agentora-attribution')!)).toEqual({
    utm_source: 'referral',
    utm_medium: 'social',
    landing_path: '/coming-soon',
    referred_by: '0123456789abcdef',
  });
  expect(startVisitBeacon).not.toHaveBeenCalled();
  configRead(CONFIG as Awaited<ReturnType<typeof startRemotes>>);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(startVisitBeacon).toHaveBeenCalledWith(CONFIG.supabase, true);
});
