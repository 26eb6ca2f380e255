import { request } from 'node:http';
import { signJwt } from '../src/testing/sign-jwt.ts';
import { LOCAL_JWT_SECRET } from '../src/index.ts';
import { apiHeaders, clientFor, uniqueEmail, type TestServer } from '../src/testing/test-server.ts';
import { GUESTBOOK, GUESTBOOK_TOPICS, startGuestbookServer } from './test-support/guestbook.ts';

// PostgREST behaviour through the real server and the unmodified supabase-js client. Anonymous writes go
// to the tests' own table (test-support/guestbook.ts): the project's tables take none.
let t: TestServer;
beforeAll(async () => {
  t = await startGuestbookServer();
});
afterAll(() => t.stop());

const TABLE = GUESTBOOK;
const row = (email = uniqueEmail()): Record<string, unknown> => ({
  email,
  topic: GUESTBOOK_TOPICS.allowed,
});

describe(`insert into ${TABLE} as anon`, () => {
  it('succeeds with 201 and no body (no .select())', async () => {
    const { error, status, data } = await t.anon.from(TABLE).insert(row());
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
  });

  it('gives 23505 with 409 for the same address in another letter case, the key hidden', async () => {
    const email = uniqueEmail('Case');
    expect((await t.anon.from(TABLE).insert(row(email))).error).toBeNull();
    for (const again of [email.toUpperCase(), email.toLowerCase()]) {
      const { error, status } = await t.anon.from(TABLE).insert(row(again));
      expect(status).toBe(409);
      expect(error).toEqual({
        code: '23505',
        details: null, // Postgres hides the key from a role that may not read it.
        hint: null,
        message: `duplicate key value violates unique constraint "${TABLE}_email_key"`,
      });
    }
    // A role that may read the table is shown the key, as PostgreSQL shows it.
    const { error } = await t.service.from(TABLE).insert(row(email.toUpperCase()));
    expect(error).toMatchObject({
      code: '23505',
      details: `Key (lower(email))=(${email.toLowerCase()}) already exists.`,
    });
  });

  it('lets anon read no row, with or without filters', async () => {
    await t.anon.from(TABLE).insert(row());
    for (const query of [
      t.anon.from(TABLE).select('*'),
      t.anon.from(TABLE).select('email').eq('email', 'x@example.com'),
      t.anon.from(TABLE).select('id').limit(1),
    ]) {
      const { data, error, status } = await query;
      expect(status).toBe(401);
      expect(data).toBeNull();
      expect(error).toEqual({
        code: '42501',
        details: null,
        hint: null,
        message: `permission denied for table ${TABLE}`,
      });
    }
  });

  it('lets anon neither update nor delete', async () => {
    const email = uniqueEmail();
    await t.anon.from(TABLE).insert(row(email));
    const update = await t.anon.from(TABLE).update({ email: uniqueEmail() }).eq('email', email);
    const remove = await t.anon.from(TABLE).delete().eq('email', email);
    for (const result of [update, remove]) {
      expect(result.status).toBe(401);
      expect(result.error?.code).toBe('42501');
    }
    const { data } = await t.service.from(TABLE).select('email').eq('email', email);
    expect(data).toEqual([{ email }]);
  });

  it('refuses .select() after insert for anon and rolls the insert back', async () => {
    const email = uniqueEmail();
    const { error, status } = await t.anon.from(TABLE).insert(row(email)).select();
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
    const { data } = await t.service.from(TABLE).select('email').eq('email', email);
    expect(data).toEqual([]);
  });
});

// The project's lists: written by the function sign-up (public.sign_up, with the secret key) only.
const PROJECT_TABLES = [
  'early_access_signups',
  'newsletter_subscriptions',
  'waitlist_signups',
] as const;

function projectRow(
  table: (typeof PROJECT_TABLES)[number],
  email = uniqueEmail(),
): Record<string, unknown> {
  return table === 'waitlist_signups'
    ? {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email,
        company: 'Analytical Engines',
        role: null,
        company_size: '11-50',
        use_case: null,
        hear_about: 'blog',
      }
    : { email };
}

describe.each(PROJECT_TABLES)('%s, a list of the project', (table) => {
  it('takes no insert from anon, and stores nothing of it', async () => {
    const email = uniqueEmail();
    const { error, status } = await t.anon.from(table).insert(projectRow(table, email));
    expect(status).toBe(401);
    expect(error).toEqual({
      code: '42501',
      details: null,
      hint: null,
      message: `permission denied for table ${table}`,
    });
    const { data } = await t.service.from(table).select('email').eq('email', email);
    expect(data).toEqual([]);
  });

  it('gives 23505 with 409 for the same mailbox in another letter case or with a +tag', async () => {
    const email = uniqueEmail('Case');
    expect((await t.service.from(table).insert(projectRow(table, email))).error).toBeNull();
    for (const again of [email.toUpperCase(), email.replace('@', '+tag@')]) {
      const { error, status } = await t.service.from(table).insert(projectRow(table, again));
      expect(status).toBe(409);
      expect(error).toEqual({
        code: '23505',
        // The secret key's role may read the table: it is shown the key.
        details: expect.stringMatching(/^Key \(.+\)=\(.+\) already exists\.$/),
        hint: null,
        message: expect.stringMatching(
          new RegExp(
            `^duplicate key value violates unique constraint "${table}_(email|mailbox)_key"$`,
          ),
        ),
      });
    }
  });

  it('lets anon read no row, with or without filters', async () => {
    await t.service.from(table).insert(projectRow(table));
    for (const query of [
      t.anon.from(table).select('*'),
      t.anon.from(table).select('email').eq('email', 'x@example.com'),
      t.anon.from(table).select('id').limit(1),
    ]) {
      const { data, error, status } = await query;
      expect(status).toBe(401);
      expect(data).toBeNull();
      expect(error).toEqual({
        code: '42501',
        details: null,
        hint: null,
        message: `permission denied for table ${table}`,
      });
    }
  });

  it('lets anon neither update nor delete', async () => {
    const email = uniqueEmail();
    await t.service.from(table).insert(projectRow(table, email));
    const update = await t.anon.from(table).update({ email: uniqueEmail() }).eq('email', email);
    const remove = await t.anon.from(table).delete().eq('email', email);
    for (const result of [update, remove]) {
      expect(result.status).toBe(401);
      expect(result.error?.code).toBe('42501');
    }
    const { data } = await t.service.from(table).select('email').eq('email', email);
    expect(data).toEqual([{ email }]);
  });
});

describe('PostgREST error shapes', () => {
  it('a CHECK violation is 23514 with 400', async () => {
    const { error, status } = await t.anon
      .from(TABLE)
      .insert({ ...row(), topic: GUESTBOOK_TOPICS.refused });
    expect(status).toBe(400);
    expect(error).toEqual({
      code: '23514',
      details: null,
      hint: null,
      message: `new row for relation "${TABLE}" violates check constraint "${TABLE}_topic_check"`,
    });
  });

  it('an unknown column is PGRST204 with 400', async () => {
    const { error, status } = await t.anon.from(TABLE).insert({ ...row(), nickname: 'x' });
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST204',
      details: null,
      hint: null,
      message: `Could not find the 'nickname' column of '${TABLE}' in the schema cache`,
    });
  });

  it('an unknown table is PGRST205 with 404', async () => {
    const { error, status } = await t.anon.from('signups').insert({ email: uniqueEmail() });
    expect(status).toBe(404);
    expect(error).toEqual({
      code: 'PGRST205',
      details: null,
      hint: null,
      message: "Could not find the table 'public.signups' in the schema cache",
    });
  });

  it('bad JSON is PGRST102 with 400', async () => {
    const response = await fetch(`${t.server.url}/rest/v1/${TABLE}`, {
      method: 'POST',
      headers: apiHeaders(t.server.anonKey),
      body: '{"email": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'Empty or invalid json',
    });
  });

  it('a missing NOT NULL value is 23502 with 400', async () => {
    const { error, status } = await t.anon.from(TABLE).insert({ topic: GUESTBOOK_TOPICS.allowed });
    expect(status).toBe(400);
    expect(error?.code).toBe('23502');
  });

  it('setting a column anon may not write is 42501 with 401', async () => {
    const { error, status } = await t.anon
      .from(TABLE)
      .insert({ ...row(), created_at: '2000-01-01T00:00:00Z' });
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });

  it('a signed-in role without rights gets 403 rather than 401', async () => {
    const authenticated = clientFor(
      t.server.url,
      signJwt(
        { role: 'authenticated', sub: '00000000-0000-0000-0000-000000000001' },
        LOCAL_JWT_SECRET,
      ),
    );
    const { status, error } = await authenticated.from(TABLE).insert(row());
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
  });

  it('rpc: a raised exception is 400, an unknown function PGRST202 with 404, anon may not execute', async () => {
    const raised = await t.service.rpc('claim_thank_you', {
      p_type: 'nope',
      p_email: uniqueEmail(),
    });
    expect(raised.status).toBe(400);
    expect(raised.error?.code).toBe('22023');
    const unknownFn = await t.service.rpc('no_such_function', {});
    expect(unknownFn.status).toBe(404);
    expect(unknownFn.error?.code).toBe('PGRST202');
    const asAnon = await t.anon.rpc('claim_thank_you', {
      p_type: 'early_access',
      p_email: uniqueEmail(),
    });
    expect(asAnon.status).toBe(401);
    expect(asAnon.error?.code).toBe('42501');
  });
});

describe('inserts in bulk and with representation', () => {
  it('answers an SQLSTATE PT400 a trigger raises as HTTP 400, and rolls the whole request back', async () => {
    const good = uniqueEmail();
    const { error, status } = await t.anon.from(TABLE).insert([row(good), row()]);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PT400', message: 'Send one row per request.' });
    const { data } = await t.service.from(TABLE).select('email').eq('email', good);
    expect(data).toEqual([]);
  });

  it('inserts an array in one transaction for the service role: one bad row and none land', async () => {
    const good = uniqueEmail();
    const { error } = await t.service
      .from('newsletter_subscriptions')
      .insert([{ email: good }, { email: 'broken' }]);
    expect(error?.code).toBe('23514');
    const { data } = await t.service
      .from('newsletter_subscriptions')
      .select('email')
      .eq('email', good);
    expect(data).toEqual([]);
    expect(
      (
        await t.service
          .from('newsletter_subscriptions')
          .insert([{ email: uniqueEmail() }, { email: uniqueEmail() }])
      ).status,
    ).toBe(201);
  });

  it('returns the row to the service role with .select().single()', async () => {
    const email = uniqueEmail();
    const { data, error } = await t.service
      .from('early_access_signups')
      .insert({ email })
      .select('id, email, thank_you_sent_at')
      .single();
    expect(error).toBeNull();
    // Set by the insert itself, which queues the row's mail (supabase/schemas/mail-kinds.sql).
    expect(data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email,
      thank_you_sent_at: expect.any(String),
    });
  });

  it('counts with Prefer: count=exact', async () => {
    const { count, status } = await t.service
      .from('newsletter_subscriptions')
      .insert([{ email: uniqueEmail() }, { email: uniqueEmail() }], { count: 'exact' });
    expect(status).toBe(201);
    expect(count).toBe(2);
  });
});

describe('gateway', () => {
  it('requires an API key', async () => {
    const response = await fetch(`${t.server.url}/rest/v1/early_access_signups`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail() }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'No API key found in request' });
  });

  it('refuses keys not signed with the local secret, and forged roles', async () => {
    const forged = signJwt({ role: 'service_role' }, 'not-the-local-secret-but-long-enough');
    const { status, error } = await clientFor(t.server.url, forged)
      .from('early_access_signups')
      .select('*');
    expect(status).toBe(401);
    expect(error).toMatchObject({
      code: 'PGRST301',
      message: 'No suitable key or wrong key type',
      details: 'None of the keys was able to decode the JWT',
    });
  });

  it('answers a malformed request target with 400 and keeps serving', async () => {
    const { port } = new URL(t.server.url);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/rest/v1/%E0%A4%A' }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(400);
    expect((await fetch(`${t.server.url}/health`)).status).toBe(200);
  });

  it('answers unknown routes with 404 JSON', async () => {
    const response = await fetch(`${t.server.url}/nothing/here`, {
      headers: { Origin: 'http://localhost:4200' },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4200');
  });
});

describe('CORS', () => {
  it('answers preflights for the headers supabase-js sends', async () => {
    const response = await fetch(`${t.server.url}/rest/v1/early_access_signups`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:4200',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'apikey,authorization,x-client-info,content-type,prefer,x-some-future-header',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4200');
    expect(response.headers.get('vary')).toBe('Origin');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    const allowed = response.headers.get('access-control-allow-headers')?.split(', ') ?? [];
    for (const header of [
      'apikey',
      'authorization',
      'x-client-info',
      'content-type',
      'prefer',
      'x-upsert',
      'cache-control',
      'accept-profile',
      'content-profile',
      'x-some-future-header',
    ]) {
      expect(allowed).toContain(header);
    }
  });

  it('puts CORS headers on errors too', async () => {
    const response = await fetch(`${t.server.url}/rest/v1/${TABLE}`, {
      method: 'POST',
      headers: { ...apiHeaders(t.server.anonKey), Origin: 'http://localhost:4200' },
      body: JSON.stringify({ email: 'broken' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4200');
  });
});
