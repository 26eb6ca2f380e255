import { bodyOf, contactApi } from '../test-support/call-api.ts';

// POST, GET /contacts and GET, PATCH, DELETE /contacts/{id or email}: what Resend answers, and what it
// refuses, with nothing changed by a refused request.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const RESEND_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\+00$/;

async function withSegment() {
  const setup = contactApi();
  const segment = setup.audience.createSegment('Newsletter');
  return { ...setup, segment };
}

describe('POST /contacts', () => {
  it('creates a contact, answers 201 {object, id}, and puts it in the segments named', async () => {
    const { call, audience, segment } = await withSegment();
    const other = audience.createSegment('Updates');
    const answer = await call('POST', '/contacts', {
      body: {
        email: 'ada@example.com',
        first_name: 'Ada',
        unsubscribed: false,
        segments: [segment.id, { id: other.id }],
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ object: 'contact', id: expect.stringMatching(UUID) });
    const { id } = bodyOf(answer);
    for (const path of [`/contacts/${String(id)}`, '/contacts/ada@example.com']) {
      const got = await call('GET', path);
      expect(got).toEqual({
        status: 200,
        body: {
          object: 'contact',
          id,
          email: 'ada@example.com',
          first_name: 'Ada',
          last_name: null,
          created_at: expect.stringMatching(RESEND_TIME),
          unsubscribed: false,
          properties: {},
        },
      });
    }
    expect(audience.view().segments.map((s) => [s.name, s.emails])).toEqual([
      ['Newsletter', ['ada@example.com']],
      ['Updates', ['ada@example.com']],
    ]);
  });

  it('answers an address that has a contact with that contact’s id, and changes nothing', async () => {
    const { call, audience, segment } = await withSegment();
    const first = await call('POST', '/contacts', {
      body: { email: 'ada@example.com', first_name: 'Ada' },
    });
    const again = await call('POST', '/contacts', {
      body: {
        email: 'ada@example.com',
        first_name: 'Other',
        unsubscribed: true,
        segments: [segment.id],
      },
    });
    expect(again).toEqual({ status: 201, body: first.body });
    expect(audience.view().contacts).toEqual([
      expect.objectContaining({ first_name: 'Ada', unsubscribed: false, segment_ids: [] }),
    ]);
  });

  it('takes 20 concurrent creations of one address as one contact', async () => {
    const { call, audience } = contactApi();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/contacts', { body: { email: 'ada@example.com' } }),
      ),
    );
    expect(new Set(answers.map((answer) => bodyOf(answer).id)).size).toBe(1);
    expect(audience.contacts()).toHaveLength(1);
  });

  it.each([
    [{}, 'missing_required_field', 'Missing `email` field.'],
    [{ email: null }, 'missing_required_field', 'Missing `email` field.'],
    [{ email: '' }, 'validation_error', 'Invalid `email` field.'],
    [{ email: 'ada' }, 'validation_error', 'Invalid `email` field.'],
    [{ email: 'ada@' }, 'validation_error', 'Invalid `email` field.'],
    [{ email: '@example.com' }, 'validation_error', 'Invalid `email` field.'],
    [{ email: 'ada@example' }, 'validation_error', 'Invalid `email` field.'],
    [{ email: 'a b@example.com' }, 'validation_error', 'Invalid `email` field.'],
    [{ email: 'xxx+!@gmail.com' }, 'validation_error', 'Invalid `email` field.'],
    [{ email: 'ada@example.com\r\nBcc: eve@example.com' }, 'validation_error', 'Invalid `email`'],
    [{ email: `${'a'.repeat(243)}@example.com` }, 'validation_error', 'Invalid `email` field.'],
    [{ email: 42 }, 'validation_error', 'Invalid `email` field.'],
    [{ email: ['ada@example.com'] }, 'validation_error', 'Invalid `email` field.'],
    [{ email: 'ada@example.com', first_name: 7 }, 'validation_error', 'Invalid `first_name`'],
    [{ email: 'ada@example.com', last_name: {} }, 'validation_error', 'Invalid `last_name`'],
    [
      { email: 'ada@example.com', unsubscribed: 'yes' },
      'validation_error',
      'Invalid `unsubscribed`',
    ],
    [{ email: 'ada@example.com', segments: 'x' }, 'validation_error', 'Invalid `segments`'],
    [{ email: 'ada@example.com', segments: [{}] }, 'validation_error', 'Invalid `segments`'],
    [{ email: 'ada@example.com', properties: [] }, 'validation_error', 'Invalid `properties`'],
    [{ email: 'ada@example.com', properties: { plan: 'pro' } }, 'validation_error', 'not served'],
    [{ email: 'ada@example.com', topics: [{ id: 't' }] }, 'validation_error', 'not served'],
    [{ email: 'ada@example.com', audience_id: 'a' }, 'validation_error', 'not served'],
    [['ada@example.com'], 'validation_error', 'Invalid JSON body.'],
    [Buffer.from('{"email": "ada@example.com"'), 'validation_error', 'Invalid JSON body.'],
  ])('refuses %j with 422 %s, creating nothing', async (body, name, message) => {
    const { call, audience } = contactApi();
    const answer = await call('POST', '/contacts', { body });
    expect(answer).toMatchObject({ status: 422, body: { statusCode: 422, name } });
    expect(String(bodyOf(answer).message)).toContain(message);
    expect(audience.contacts()).toEqual([]);
  });

  it('takes a plain address of 254 characters, +labels and subdomains', async () => {
    const { call, audience } = contactApi();
    for (const email of [
      `${'a'.repeat(242)}@example.com`,
      'bounced+signup-1@resend.dev',
      'o.k_1%x-y@mail.example.co.uk',
    ]) {
      expect((await call('POST', '/contacts', { body: { email } })).status).toBe(201);
    }
    expect(audience.contacts()).toHaveLength(3);
  });

  it('refuses a segment it does not have with 404, creating nothing', async () => {
    const { call, audience } = contactApi();
    const answer = await call('POST', '/contacts', {
      body: { email: 'ada@example.com', segments: ['00000000-0000-0000-0000-000000000000'] },
    });
    expect(answer).toEqual({
      status: 404,
      body: { statusCode: 404, name: 'not_found', message: 'Audience not found' },
    });
    expect(audience.contacts()).toEqual([]);
  });
});

describe('GET /contacts', () => {
  async function three() {
    const setup = await withSegment();
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await setup.call('POST', '/contacts', {
        body: { email, segments: email === 'b@example.com' ? [] : [setup.segment.id] },
      });
    }
    return setup;
  }
  const emails = (body: unknown) =>
    (body as { data: Array<{ email: string }> }).data.map((item) => item.email);

  it('lists every contact, newest first, in Resend’s list shape', async () => {
    const { call } = await three();
    const answer = await call('GET', '/contacts');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ object: 'list', has_more: false });
    expect(emails(answer.body)).toEqual(['c@example.com', 'b@example.com', 'a@example.com']);
    expect((answer.body as { data: unknown[] }).data[0]).toEqual({
      id: expect.stringMatching(UUID),
      email: 'c@example.com',
      first_name: null,
      last_name: null,
      created_at: expect.stringMatching(RESEND_TIME),
      unsubscribed: false,
    });
  });

  it('lists one segment’s with segment_id, and refuses a segment it does not have', async () => {
    const { call, segment } = await three();
    const answer = await call('GET', '/contacts', { query: `segment_id=${segment.id}` });
    expect(emails(answer.body)).toEqual(['c@example.com', 'a@example.com']);
    expect(await call('GET', '/contacts', { query: 'segment_id=nope' })).toMatchObject({
      status: 404,
      body: { name: 'not_found', message: 'Audience not found' },
    });
  });

  it('pages with limit, after and before, the cursor excluded', async () => {
    const { call, audience } = await three();
    const [c, b, a] = audience.contacts();
    const first = await call('GET', '/contacts', { query: 'limit=2' });
    expect([emails(first.body), bodyOf(first).has_more]).toEqual([
      ['c@example.com', 'b@example.com'],
      true,
    ]);
    const next = await call('GET', '/contacts', { query: `limit=2&after=${b.id}` });
    expect([emails(next.body), bodyOf(next).has_more]).toEqual([['a@example.com'], false]);
    const back = await call('GET', '/contacts', { query: `limit=1&before=${a.id}` });
    expect([emails(back.body), bodyOf(back).has_more]).toEqual([['b@example.com'], true]);
    expect(emails((await call('GET', '/contacts', { query: `after=${c.id}` })).body)).toEqual([
      'b@example.com',
      'a@example.com',
    ]);
  });

  it.each([
    'limit=0',
    'limit=101',
    'limit=x',
    'limit=1.5',
    'limit=',
    'after=nope',
    'after=a&before=b',
  ])('refuses %s with 422 validation_error', async (query) => {
    const { call } = await three();
    expect(await call('GET', '/contacts', { query })).toMatchObject({
      status: 422,
      body: { statusCode: 422, name: 'validation_error' },
    });
  });
});

describe('GET /contacts/{id or email}', () => {
  it('finds a contact by an address sent percent-encoded', async () => {
    const { call } = contactApi();
    await call('POST', '/contacts', { body: { email: 'ada+news@example.com' } });
    const answer = await call('GET', `/contacts/${encodeURIComponent('ada+news@example.com')}`);
    expect(bodyOf(answer).email).toBe('ada+news@example.com');
  });

  it.each([
    '00000000-0000-0000-0000-000000000000',
    'nobody@example.com',
    'not-an-id',
    '%E0%A4%A',
    'ADA@EXAMPLE.COM',
  ])('answers 404 Contact not found for %s', async (contact) => {
    const { call } = contactApi();
    await call('POST', '/contacts', { body: { email: 'ada@example.com' } });
    expect(await call('GET', `/contacts/${contact}`)).toEqual({
      status: 404,
      body: { statusCode: 404, name: 'not_found', message: 'Contact not found' },
    });
  });
});

describe('PATCH /contacts/{id or email}', () => {
  async function ada() {
    const setup = contactApi();
    const created = await setup.call('POST', '/contacts', {
      body: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
    });
    return { ...setup, id: String(bodyOf(created).id) };
  }

  it('changes the fields given, by id or by address, and answers {object, id}', async () => {
    const { call, id, audience } = await ada();
    expect(
      await call('PATCH', '/contacts/ada@example.com', { body: { unsubscribed: true } }),
    ).toEqual({ status: 200, body: { object: 'contact', id } });
    await call('PATCH', `/contacts/${id}`, { body: { last_name: null, nickname: 'ignored' } });
    expect(audience.contact(id)).toMatchObject({
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: null,
      unsubscribed: true,
    });
  });

  it('moves a contact to a new address; the old one no longer finds it', async () => {
    const { call, id } = await ada();
    await call('PATCH', `/contacts/${id}`, { body: { email: 'ada@example.org' } });
    expect((await call('GET', '/contacts/ada@example.com')).status).toBe(404);
    expect(bodyOf(await call('GET', '/contacts/ada@example.org')).id).toBe(id);
  });

  it.each([
    [{ email: 'not an address' }, 'Invalid `email` field.'],
    [{ email: 'grace@example.com' }, 'A contact with this email already exists.'],
    [{ unsubscribed: 1 }, 'Invalid `unsubscribed` field.'],
    [{ first_name: false }, 'Invalid `first_name` field.'],
    [{ properties: { plan: 'pro' } }, 'not served'],
    ['unsubscribed', 'Invalid JSON body.'],
    [Buffer.from('{"unsubscribed": tru'), 'Invalid JSON body.'],
  ])('refuses %j with 422, changing nothing', async (body, message) => {
    const { call, id, audience } = await ada();
    await call('POST', '/contacts', { body: { email: 'grace@example.com' } });
    const before = audience.contact(id);
    const answer = await call('PATCH', `/contacts/${id}`, { body });
    expect(answer).toMatchObject({ status: 422, body: { name: 'validation_error' } });
    expect(String(bodyOf(answer).message)).toContain(message);
    expect(audience.contact(id)).toEqual(before);
  });

  it('answers 404 for a contact it does not have', async () => {
    const { call } = await ada();
    for (const contact of ['nobody@example.com', '00000000-0000-0000-0000-000000000000']) {
      expect(
        await call('PATCH', `/contacts/${contact}`, { body: { unsubscribed: true } }),
      ).toMatchObject({ status: 404, body: { message: 'Contact not found' } });
    }
  });
});

describe('DELETE /contacts/{id or email}', () => {
  it('deletes a contact, by address or by id, out of its segments; answers {object, contact: id, deleted}', async () => {
    const { call, audience, segment } = await withSegment();
    const ids: string[] = [];
    for (const email of ['ada@example.com', 'grace@example.com']) {
      const created = await call('POST', '/contacts', { body: { email, segments: [segment.id] } });
      ids.push(String(bodyOf(created).id));
    }
    expect(await call('DELETE', '/contacts/ada@example.com')).toEqual({
      status: 200,
      body: { object: 'contact', contact: ids[0], deleted: true },
    });
    expect(await call('DELETE', `/contacts/${ids[1]}`)).toEqual({
      status: 200,
      body: { object: 'contact', contact: ids[1], deleted: true },
    });
    expect((await call('GET', '/contacts/ada@example.com')).status).toBe(404);
    expect(audience.view()).toEqual({
      contacts: [],
      segments: [expect.objectContaining({ id: segment.id, emails: [] })],
    });
  });

  it('answers 200 deleted for a contact it does not have, naming what was asked', async () => {
    const { call } = contactApi();
    expect(await call('DELETE', '/contacts/nobody@example.com')).toEqual({
      status: 200,
      body: { object: 'contact', contact: 'nobody@example.com', deleted: true },
    });
  });
});
