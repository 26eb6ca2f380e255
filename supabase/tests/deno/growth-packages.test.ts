// The two npm packages the growth functions use, as Deno loads them from the import map (hosted
// Supabase bundles the same): the bot list of record-visit and the disposable-domain list of
// confirm-email. Node's tests see them through node_modules; this is the runtime that serves them.
import { assertEquals } from './assert.ts';
import { isBotRequest } from '../../functions/_shared/http/bot-user-agent.ts';
import { isDisposableDomain } from '../../functions/_shared/consent/disposable-domain.ts';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

Deno.test('isbot tells a browser from a crawler, and no User-Agent is a bot', () => {
  const request = (agent?: string) =>
    new Request('http://functions.test/record-visit', {
      headers: agent === undefined ? {} : { 'user-agent': agent },
    });
  assertEquals(isBotRequest(request(BROWSER)), false);
  assertEquals(isBotRequest(request('Googlebot/2.1 (+http://www.google.com/bot.html)')), true);
  assertEquals(isBotRequest(request()), true);
});

Deno.test('the disposable-domain list is loaded, subdomains included', () => {
  assertEquals(isDisposableDomain('mailinator.com'), true);
  assertEquals(isDisposableDomain('a.b.mailinator.com'), true);
  assertEquals(isDisposableDomain('example.com'), false);
});
