// Each function's index.ts as hosted Supabase runs it: imported on Deno with the environment hosted
// functions get, its Deno.serve handler taken and called. Checks the wiring that only the entry file has:
// the environment it reads, the key check around the handler, the preflight.
import { signWebhook, webhookKeys } from '../../functions/_shared/webhooks/standard-webhooks.ts';
import { FUNCTION_METHODS, METHODS_NO_FUNCTION_TAKES } from '../test-support/function-methods.ts';
import { assertEquals } from './assert.ts';

// Every function supabase/config.toml declares (the list hosted Supabase deploys).
const CONFIG = await Deno.readTextFile(new URL('../../config.toml', import.meta.url));
const FUNCTIONS = [...CONFIG.matchAll(/^\[functions\.([a-z-]+)\]$/gm)].map((match) => match[1]);

const ENVIRONMENT: Record<string, string> = {
  // Nothing listens here: every call below is answered before the function reaches its database.
  SUPABASE_URL: 'http://127.0.0.1:9',
  SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: 'sb_publishable_entry_test' }),
  SUPABASE_SECRET_KEYS: JSON.stringify({ default: 'sb_secret_entry_test' }),
  SITE_URL: 'https://agentora.example',
  MAIL_LINK_SECRET: 'entry-test-mail-link-secret-of-32-characters',
  SEND_EMAIL_HOOK_SECRET: `v1,whsec_${btoa('entry-test-hook-secret-32-bytes!')}`,
  RESEND_WEBHOOK_SECRET: `whsec_${btoa('entry-test-resend-webhook-secret')}`,
  // A site's own secret, not one of Cloudflare's testing ones: a hosted function refuses to start with
  // those, or without one (bot-check/from-environment.ts). No call below reaches siteverify.
  TURNSTILE_SECRET_KEY: '0x4AAAAAAAentry-test-turnstile-secret',
};

// Called by the project alone with the secret key (pg_cron; the product's server), never by a browser.
const PROJECT_ONLY = new Set(['send-queued-mail', 'sync-audience', 'redeem-invite']);
// Called as a signed webhook (Standard Webhooks; Svix's header names for Resend) with no API key:
// Supabase Auth's Send Email Hook, Resend's delivery events.
const AUTH_HOOKS = new Set(['send-auth-email', 'resend-webhook']);
// Called without a key by design: a mail provider's one-click POST, a browser's CSP report.
const KEYLESS = new Set(['unsubscribe', 'csp-report']);

type Handler = (request: Request) => Promise<Response>;

const handlers = new Map<string, Promise<Handler>>();

/** The handler the entry file serves (a module runs once, so each is imported once). */
function handlerOf(name: string): Promise<Handler> {
  if (!handlers.has(name)) handlers.set(name, importHandler(name));
  return handlers.get(name)!;
}

/** Imports the entry file with Deno.serve stubbed, and returns the handler it serves. */
async function importHandler(name: string): Promise<Handler> {
  for (const [key, value] of Object.entries(ENVIRONMENT)) Deno.env.set(key, value);
  const serve = Deno.serve;
  let served: Handler | undefined;
  Object.defineProperty(Deno, 'serve', {
    configurable: true,
    value: (handler: Handler) => {
      served = handler;
      return { finished: Promise.resolve() };
    },
  });
  try {
    await import(`../../functions/${name}/index.ts`);
  } finally {
    Object.defineProperty(Deno, 'serve', { configurable: true, value: serve });
  }
  if (!served) throw new Error(`${name}/index.ts did not call Deno.serve`);
  return served;
}

// Reached by a browser's own report delivery only, which needs no CORS: it answers no preflight, so no
// other site's script can send it reports from its visitors' browsers (docs/security.md, "CSP reports").
const NO_CORS = new Set(['csp-report']);

for (const name of NO_CORS) {
  Deno.test(`${name}: answers no preflight, and no CORS header`, async () => {
    const handler = await handlerOf(name);
    const answer = await handler(
      new Request(`http://functions.test/${name}`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'POST' },
      }),
    );
    assertEquals(answer.status, 405);
    assertEquals(answer.headers.get('access-control-allow-origin'), null);
    await answer.body?.cancel();
  });
}

for (const name of FUNCTIONS.filter(
  (fn) => !PROJECT_ONLY.has(fn) && !AUTH_HOOKS.has(fn) && !NO_CORS.has(fn),
)) {
  Deno.test(`${name}: answers the preflight with the CORS headers supabase-js needs`, async () => {
    const handler = await handlerOf(name);
    const answer = await handler(
      new Request(`http://functions.test/${name}`, { method: 'OPTIONS' }),
    );
    assertEquals(answer.status, 200);
    assertEquals(answer.headers.get('access-control-allow-origin'), '*');
    const allowed = answer.headers.get('access-control-allow-headers') ?? '';
    for (const header of ['apikey', 'authorization', 'content-type', 'x-client-info']) {
      assertEquals(allowed.includes(header), true, `${header} allowed`);
    }
    await answer.body?.cancel();
  });
}

for (const name of FUNCTIONS.filter((fn) => !AUTH_HOOKS.has(fn))) {
  Deno.test(
    `${name}: checks the caller's API key against the keys of its environment`,
    async () => {
      const handler = await handlerOf(name);
      const call = async (apikey: string | undefined) => {
        const answer = await handler(
          new Request(`http://functions.test/${name}`, {
            method: 'POST',
            headers: { 'content-type': 'text/plain', ...(apikey ? { apikey } : {}) },
            body: 'not what any function takes',
          }),
        );
        const body = await answer.json();
        return [answer.status, body.error];
      };
      if (KEYLESS.has(name)) {
        // No key is asked: neither a one-click POST nor a CSP report can carry one.
        assertEquals((await call(undefined))[0] !== 401, true);
        assertEquals((await call('sb_publishable_other_project'))[0] !== 401, true);
        return;
      }
      assertEquals(await call(undefined), [401, 'No API key found in request.']);
      assertEquals(await call('sb_publishable_other_project'), [401, 'Invalid API key.']);
      if (PROJECT_ONLY.has(name)) {
        assertEquals(await call('sb_publishable_entry_test'), [401, 'Invalid API key.']);
      }
      const accepted = PROJECT_ONLY.has(name)
        ? ['sb_secret_entry_test']
        : ['sb_publishable_entry_test', 'sb_secret_entry_test'];
      for (const key of accepted) {
        const [status] = await call(key);
        assertEquals(status !== 401, true, `${key} accepted`);
      }
    },
  );
}

/** A key the function takes: the secret key for the project's own, the publishable key otherwise. */
const keyFor = (name: string) =>
  PROJECT_ONLY.has(name) ? 'sb_secret_entry_test' : 'sb_publishable_entry_test';

Deno.test('every function of config.toml has its methods in the table the tests hold it to', () => {
  assertEquals(Object.keys(FUNCTION_METHODS).sort(), [...FUNCTIONS].sort());
});

for (const name of FUNCTIONS) {
  Deno.test(
    `${name}: answers another method with 405 and Allow: ${FUNCTION_METHODS[name]}`,
    async () => {
      const handler = await handlerOf(name);
      for (const method of METHODS_NO_FUNCTION_TAKES) {
        const answer = await handler(
          new Request(`http://functions.test/${name}`, {
            method,
            headers: { apikey: keyFor(name) },
          }),
        );
        assertEquals(
          [method, answer.status, answer.headers.get('allow')],
          [method, 405, FUNCTION_METHODS[name]],
        );
        await answer.body?.cancel();
      }
    },
  );
}

// These check the link's rate limit in the database before they read the token, and no database
// answers here; supabase/tests/functions.test.ts sends them their oversized bodies.
const LIMITED_FIRST = new Set(['confirm-email', 'signup-place', 'privacy-fulfil', 'unsubscribe']);

for (const name of FUNCTIONS) {
  Deno.test(`${name}: refuses a body declared too large before it reads any of it`, async () => {
    const handler = await handlerOf(name);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled += 1;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      },
      { highWaterMark: 0 },
    );
    const contentType =
      name === 'submit-application'
        ? 'multipart/form-data; boundary=entry-test'
        : name === 'csp-report'
          ? 'application/csp-report'
          : 'application/json';
    const answer = await handler(
      new Request(`http://functions.test/${name}`, {
        method: 'POST',
        headers: {
          apikey: keyFor(name),
          'content-type': contentType,
          // Past the largest body any function takes (a résumé) and the gateway's ceiling.
          'content-length': String(100 * 1024 * 1024),
        },
        body,
      }),
    );
    if (!LIMITED_FIRST.has(name)) assertEquals([name, answer.status], [name, 413]);
    assertEquals([name, pulled], [name, 0]);
    await answer.body?.cancel();
  });
}

Deno.test(
  "redeem-invite: refuses a browser's request and a malformed token before it reaches the database",
  async () => {
    const handler = await handlerOf('redeem-invite');
    const call = async (headers: Record<string, string>, body: unknown) => {
      const answer = await handler(
        new Request('http://functions.test/redeem-invite', {
          method: 'POST',
          headers: {
            apikey: 'sb_secret_entry_test',
            'content-type': 'application/json',
            ...headers,
          },
          body: JSON.stringify(body),
        }),
      );
      assertEquals(answer.headers.get('access-control-allow-origin'), null);
      return [answer.status, (await answer.json()).error];
    };
    const token = 'A'.repeat(64);
    assertEquals(await call({ origin: 'https://app.agentora.example' }, { token }), [
      403,
      'called_from_a_browser',
    ]);
    assertEquals(await call({}, { token: token.slice(1) }), [400, 'malformed_token']);
    assertEquals(await call({}, ['not', 'an', 'object']), [400, 'malformed_token']);
    // A token of the right shape is looked up: no database answers at SUPABASE_URL.
    assertEquals(await call({}, { token }), [500, 'The invitation could not be read.']);
  },
);

Deno.test(
  'csp-report: a browser’s report, without a key, reaches the database (none at SUPABASE_URL: 500)',
  async () => {
    const handler = await handlerOf('csp-report');
    const answer = await handler(
      new Request('http://functions.test/csp-report?release=entry-test', {
        method: 'POST',
        headers: { 'content-type': 'application/csp-report' },
        body: JSON.stringify({
          'csp-report': {
            'document-uri': 'https://agentora.example/',
            'effective-directive': 'script-src-elem',
            'blocked-uri': 'inline',
          },
        }),
      }),
    );
    assertEquals(
      [answer.status, (await answer.json()).error],
      [500, 'The report could not be counted.'],
    );
  },
);

Deno.test(
  "send-auth-email: refuses a call not signed with the hook's secret of its environment",
  async () => {
    const handler = await handlerOf('send-auth-email');
    const body = JSON.stringify({
      user: { email: 'ada@example.com' },
      email_data: { token: '123456', email_action_type: 'magiclink' },
    });
    const call = async (signature: string | undefined) => {
      const timestamp = Math.floor(Date.now() / 1000);
      const answer = await handler(
        new Request('http://functions.test/send-auth-email', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': 'entry-test-id',
            'webhook-timestamp': String(timestamp),
            ...(signature ? { 'webhook-signature': signature } : {}),
          },
          body,
        }),
      );
      return [answer.status, await answer.json()];
    };
    const wrong = `v1,${btoa('not the signature of this body, 32b')}`;
    for (const signature of [undefined, wrong]) {
      assertEquals(await call(signature), [
        401,
        { error: { http_code: 401, message: 'The webhook signature is missing or wrong.' } },
      ]);
    }
    // Signed with the environment's secret it passes, and is answered as sent: the hook mails nothing,
    // so it needs neither the database nor a mail provider.
    const [key] = webhookKeys(ENVIRONMENT.SEND_EMAIL_HOOK_SECRET, 'test', 'SEND_EMAIL_HOOK_SECRET');
    const timestamp = Math.floor(Date.now() / 1000);
    const signed = await signWebhook(key, 'entry-test-id', timestamp, body);
    assertEquals(await call(signed), [200, {}]);
  },
);

Deno.test(
  'send-auth-email without SEND_EMAIL_HOOK_SECRET fails at start, saying what is missing',
  async () => {
    Deno.env.delete('SEND_EMAIL_HOOK_SECRET');
    try {
      await import('../../functions/send-auth-email/index.ts?without-hook-secret');
      throw new Error('it started');
    } catch (error) {
      assertEquals(
        String(error).includes('send-auth-email needs SEND_EMAIL_HOOK_SECRET'),
        true,
        String(error),
      );
    } finally {
      Deno.env.set('SEND_EMAIL_HOOK_SECRET', ENVIRONMENT.SEND_EMAIL_HOOK_SECRET);
    }
  },
);

Deno.test(
  'a function without a secret key in its environment fails at start, saying what is missing',
  async () => {
    Deno.env.delete('SUPABASE_SECRET_KEYS');
    Deno.env.delete('SUPABASE_SERVICE_ROLE_KEY');
    try {
      await import('../../functions/confirm-email/index.ts?without-secret');
      throw new Error('it started');
    } catch (error) {
      assertEquals(
        String(error).includes('needs SUPABASE_URL and a secret key'),
        true,
        String(error),
      );
    } finally {
      Deno.env.set('SUPABASE_SECRET_KEYS', ENVIRONMENT.SUPABASE_SECRET_KEYS);
    }
  },
);

Deno.test(
  'a function that mails, without MAIL_LINK_SECRET, fails at start, saying what is missing',
  async () => {
    Deno.env.delete('MAIL_LINK_SECRET');
    try {
      await import('../../functions/privacy-request/index.ts?without-mail-link-secret');
      throw new Error('it started');
    } catch (error) {
      assertEquals(String(error).includes('needs MAIL_LINK_SECRET'), true, String(error));
    } finally {
      Deno.env.set('MAIL_LINK_SECRET', ENVIRONMENT.MAIL_LINK_SECRET);
    }
  },
);
