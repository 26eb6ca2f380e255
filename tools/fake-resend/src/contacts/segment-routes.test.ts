import { bodyOf, contactApi } from '../test-support/call-api.ts';

// POST, GET /segments, GET, DELETE /segments/{id}, GET /segments/{id}/contacts, and a contact's
// segments: GET /contacts/{id or email}/segments, POST and DELETE /contacts/{…}/segments/{segment id}.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const RESEND_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\+00$/;
const AUDIENCE_NOT_FOUND = {
  status: 404,
  body: { statusCode: 404, name: 'not_found', message: 'Audience not found' },
};

describe('segments', () => {
  it('creates one (201 {object, id, name}), gets it, and lists them newest first', async () => {
    const { call } = contactApi();
    const created = await call('POST', '/segments', { body: { name: 'Newsletter' } });
    expect(created).toEqual({
      status: 201,
      body: { object: 'segment', id: expect.stringMatching(UUID), name: 'Newsletter' },
    });
    const { id } = bodyOf(created);
    expect(await call('GET', `/segments/${String(id)}`)).toEqual({
      status: 200,
      body: {
        object: 'segment',
        id,
        name: 'Newsletter',
        created_at: expect.stringMatching(RESEND_TIME),
      },
    });
    await call('POST', '/segments', { body: { name: 'Updates' } });
    const listed = await call('GET', '/segments');
    expect(listed.body).toMatchObject({ object: 'list', has_more: false });
    expect((listed.body as { data: Array<{ name: string }> }).data).toEqual([
      { id: expect.stringMatching(UUID), name: 'Updates', created_at: expect.any(String) },
      { id, name: 'Newsletter', created_at: expect.any(String) },
    ]);
    const page = await call('GET', '/segments', { query: 'limit=1' });
    expect(bodyOf(page)).toMatchObject({ has_more: true, data: [{ name: 'Updates' }] });
    expect((await call('GET', '/segments', { query: 'limit=500' })).status).toBe(422);
  });

  it.each([
    [{}, 'missing_required_field', 'Missing `name` field.'],
    [{ name: '' }, 'validation_error', 'Invalid `name` field.'],
    [{ name: 5 }, 'validation_error', 'Invalid `name` field.'],
    [{ name: 'x', filter: {} }, 'validation_error', 'not served'],
    ['Newsletter', 'validation_error', 'Invalid JSON body.'],
    [Buffer.from('{"name":'), 'validation_error', 'Invalid JSON body.'],
  ])('refuses %j with 422 %s, creating nothing', async (body, name, message) => {
    const { call, audience } = contactApi();
    const answer = await call('POST', '/segments', { body });
    expect(answer).toMatchObject({ status: 422, body: { statusCode: 422, name } });
    expect(String(bodyOf(answer).message)).toContain(message);
    expect(audience.segments()).toEqual([]);
  });

  it('answers 404 for a segment it does not have; deleting one answers 200 deleted all the same', async () => {
    const { call } = contactApi();
    const unknown = '00000000-0000-0000-0000-000000000000';
    expect(await call('GET', `/segments/${unknown}`)).toEqual(AUDIENCE_NOT_FOUND);
    expect(await call('GET', `/segments/${unknown}/contacts`)).toEqual(AUDIENCE_NOT_FOUND);
    expect(await call('DELETE', `/segments/${unknown}`)).toEqual({
      status: 200,
      body: { object: 'segment', id: unknown, deleted: true },
    });
  });

  it('deletes a segment and leaves its contacts', async () => {
    const { call, audience } = contactApi();
    const segment = audience.createSegment('Newsletter');
    await call('POST', '/contacts', { body: { email: 'ada@example.com', segments: [segment.id] } });
    expect(await call('DELETE', `/segments/${segment.id}`)).toEqual({
      status: 200,
      body: { object: 'segment', id: segment.id, deleted: true },
    });
    expect(await call('GET', `/segments/${segment.id}`)).toEqual(AUDIENCE_NOT_FOUND);
    expect(audience.view().contacts).toEqual([
      expect.objectContaining({ email: 'ada@example.com', segment_ids: [] }),
    ]);
    expect(bodyOf(await call('GET', '/contacts/ada@example.com/segments')).data).toEqual([]);
  });
});

describe('a contact’s segments', () => {
  async function setup() {
    let clock = Date.UTC(2026, 0, 1);
    const api = contactApi({ now: () => clock });
    const newsletter = api.audience.createSegment('Newsletter');
    const updates = api.audience.createSegment('Updates');
    const created = await api.call('POST', '/contacts', { body: { email: 'ada@example.com' } });
    const tick = () => (clock += 1000);
    return { ...api, newsletter, updates, id: String(bodyOf(created).id), tick };
  }

  it('adds a contact (by address or id) to a segment: 200 {object: contact_segment, contact_id, segment_id}', async () => {
    const { call, newsletter, updates, id, tick } = await setup();
    expect(await call('POST', `/contacts/ada@example.com/segments/${updates.id}`)).toEqual({
      status: 200,
      body: { object: 'contact_segment', contact_id: id, segment_id: updates.id },
    });
    tick();
    await call('POST', `/contacts/${id}/segments/${newsletter.id}`);
    tick();
    // Added again: one membership, its first time kept.
    await call('POST', `/contacts/${id}/segments/${updates.id}`);
    const listed = await call('GET', `/contacts/${id}/segments`);
    expect(listed).toEqual({
      status: 200,
      body: {
        object: 'list',
        has_more: false,
        data: [
          { id: newsletter.id, name: 'Newsletter', created_at: '2026-01-01 00:00:01.000+00' },
          { id: updates.id, name: 'Updates', created_at: '2026-01-01 00:00:00.000+00' },
        ],
      },
    });
    const page = await call('GET', '/contacts/ada@example.com/segments', { query: 'limit=1' });
    expect(bodyOf(page)).toMatchObject({ has_more: true, data: [{ id: newsletter.id }] });
    expect(bodyOf(await call('GET', `/segments/${updates.id}/contacts`)).data).toEqual([
      expect.objectContaining({ id, email: 'ada@example.com' }),
    ]);
  });

  it('removes a contact from a segment: 200 {…, deleted: true}, also when it was not in it', async () => {
    const { call, audience, newsletter, id } = await setup();
    await call('POST', `/contacts/${id}/segments/${newsletter.id}`);
    for (let i = 0; i < 2; i += 1) {
      expect(await call('DELETE', `/contacts/ada@example.com/segments/${newsletter.id}`)).toEqual({
        status: 200,
        body: {
          object: 'contact_segment',
          contact_id: id,
          segment_id: newsletter.id,
          deleted: true,
        },
      });
    }
    expect(audience.view().segments.map((segment) => segment.emails)).toEqual([[], []]);
  });

  it.each(['POST', 'DELETE'])(
    '%s answers 404 for a contact or a segment it does not have, changing nothing',
    async (method) => {
      const { call, audience, newsletter } = await setup();
      expect(
        await call(method, `/contacts/nobody@example.com/segments/${newsletter.id}`),
      ).toMatchObject({ status: 404, body: { name: 'not_found', message: 'Contact not found' } });
      expect(await call(method, '/contacts/ada@example.com/segments/nope')).toEqual(
        AUDIENCE_NOT_FOUND,
      );
      expect(audience.view().segments.map((segment) => segment.emails)).toEqual([[], []]);
    },
  );

  it('answers 404 for the segments of a contact it does not have', async () => {
    const { call } = await setup();
    expect(await call('GET', '/contacts/nobody@example.com/segments')).toMatchObject({
      status: 404,
      body: { message: 'Contact not found' },
    });
  });
});
