import { randomBytes } from 'node:crypto';
import { startTestServer, type TestServer } from './support/test-server.ts';

// The applications bucket through the real server and the unmodified supabase-js storage client.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const FIVE_MB = 5 * 1024 * 1024;
const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The name libs/data builds: resumes/<ms>-<128 random bits as hex>.<ext>. */
const resumeName = (ext = 'pdf') =>
  `resumes/${Date.now()}-${randomBytes(16).toString('hex')}.${ext}`;
const bucket = () => t.anon.storage.from('applications');

function pdfFile(size = 2048, name = 'cv.pdf'): File {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.7\n', 0);
  return new File([bytes], name, { type: PDF });
}

async function fetchBytes(
  url: string,
): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('uploads to the applications bucket', () => {
  it('a PDF lands and its public URL serves the same bytes', async () => {
    const file = pdfFile();
    const name = resumeName();
    const { data, error } = await bucket().upload(name, file);
    expect(error).toBeNull();
    expect(data).toEqual({
      path: name,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fullPath: `applications/${name}`,
    });

    const { publicUrl } = bucket().getPublicUrl(name).data;
    expect(publicUrl).toBe(`${t.server.url}/storage/v1/object/public/applications/${name}`);
    const served = await fetchBytes(publicUrl);
    expect(served.status).toBe(200);
    expect(served.type).toBe(PDF);
    expect(served.bytes.equals(Buffer.from(await file.arrayBuffer()))).toBe(true);
  });

  it('a file of exactly 5 MB is accepted; 5 MB + 1 byte is refused', async () => {
    expect((await bucket().upload(resumeName(), pdfFile(FIVE_MB))).error).toBeNull();
    const name = resumeName();
    const { data, error } = await bucket().upload(name, pdfFile(FIVE_MB + 1));
    expect(data).toBeNull();
    expect(error).toMatchObject({
      name: 'StorageApiError',
      message: 'The object exceeded the maximum allowed size',
      status: 400,
      statusCode: '413',
    });
    expect((await fetchBytes(bucket().getPublicUrl(name).data.publicUrl)).status).toBe(400);
  });

  it('a PNG is refused by the mime type list', async () => {
    const png = new File([Buffer.from('89504e470d0a1a0a', 'hex')], 'photo.png', {
      type: 'image/png',
    });
    const { error } = await bucket().upload(resumeName('png'), png);
    expect(error).toMatchObject({
      message: 'mime type image/png is not supported',
      status: 400,
      statusCode: '415',
    });
  });

  it('DOC and DOCX are accepted', async () => {
    expect(
      (
        await bucket().upload(
          resumeName('doc'),
          new File(['doc'], 'cv.doc', { type: 'application/msword' }),
        )
      ).error,
    ).toBeNull();
    expect(
      (await bucket().upload(resumeName('docx'), new File(['docx'], 'cv.docx', { type: DOCX })))
        .error,
    ).toBeNull();
  });

  it('anon may not write outside resumes/ or with a guessable name', async () => {
    for (const name of [
      `elsewhere/${Date.now()}-${randomBytes(16).toString('hex')}.pdf`,
      'resumes/cv.pdf',
    ]) {
      const { error } = await bucket().upload(name, pdfFile());
      expect(error).toMatchObject({
        message: 'new row violates row-level security policy',
        statusCode: '403',
      });
    }
  });

  it('an unknown bucket is reported as such', async () => {
    const { error } = await t.anon.storage.from('avatars').upload(resumeName(), pdfFile());
    expect(error).toMatchObject({ message: 'Bucket not found', statusCode: '404' });
  });
});

describe('no way back in for anon', () => {
  let name: string;
  let original: Buffer;
  beforeAll(async () => {
    name = resumeName();
    const file = pdfFile(4096);
    original = Buffer.from(await file.arrayBuffer());
    expect((await bucket().upload(name, file)).error).toBeNull();
  });

  it('cannot list the bucket (the service role can)', async () => {
    expect(await bucket().list('resumes')).toEqual({ data: [], error: null });
    expect(await bucket().list()).toEqual({ data: [], error: null });
    const { data } = await t.service.storage.from('applications').list('resumes', { limit: 1000 });
    expect(data?.map((entry) => entry.name)).toContain(name.slice('resumes/'.length));
  });

  it('cannot download through the authenticated endpoint', async () => {
    const { data, error } = await bucket().download(name);
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 400 });
    const service = await t.service.storage.from('applications').download(name);
    expect(Buffer.from(await (service.data as Blob).arrayBuffer()).equals(original)).toBe(true);
  });

  it('cannot overwrite, with or without upsert, and the bytes stay', async () => {
    const again = await bucket().upload(name, pdfFile());
    expect(again.error).toMatchObject({
      message: 'The resource already exists',
      statusCode: '409',
    });
    const upsert = await bucket().upload(name, pdfFile(), { upsert: true });
    expect(upsert.error).toMatchObject({
      message: 'new row violates row-level security policy',
      statusCode: '403',
    });
    const update = await bucket().update(name, pdfFile());
    expect(update.error).toMatchObject({ statusCode: '403' });
    expect(
      (await fetchBytes(bucket().getPublicUrl(name).data.publicUrl)).bytes.equals(original),
    ).toBe(true);
  });

  it('a public URL of a missing object answers as storage-api does', async () => {
    const response = await fetch(bucket().getPublicUrl(resumeName()).data.publicUrl);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
  });

  it('uploads need an API key', async () => {
    const response = await fetch(`${t.server.url}/storage/v1/object/applications/${resumeName()}`, {
      method: 'POST',
      body: 'x',
    });
    expect(response.status).toBe(401);
  });
});

describe('what the server stores and serves (hostile uploads)', () => {
  const upload = (name: string, body: Blob, headers: Record<string, string>) =>
    fetch(`${t.server.url}/storage/v1/object/applications/${name}`, {
      method: 'POST',
      headers: {
        apikey: t.server.anonKey,
        Authorization: `Bearer ${t.server.anonKey}`,
        ...headers,
      },
      body,
    });
  const pdfBytes = () => new Blob(['%PDF-1.7\n<html><script>alert(1)</script></html>']);

  it.each([
    'application/pdf;a=b,text/html',
    'application/pdf; a=b',
    'application/pdf;name=cv.pdf',
    'application/pdf, text/html',
    'application/pdf;charset=utf-8;charset=utf-16',
    'application/pdf;charset=',
    'application/pdf;charset="a,b"',
    'application/pdf/html',
    'application/pdfx',
    'application/*',
    'text/html',
    'text/html;x=application/pdf',
    '',
  ])('refuses the declared type %j, raw and in a multipart body', async (declared) => {
    const name = resumeName();
    const raw = await upload(name, pdfBytes(), declared === '' ? {} : { 'Content-Type': declared });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' });

    const file = new File([pdfBytes()], 'cv.pdf', { type: declared });
    const { error } = await bucket().upload(resumeName(), file);
    expect(error).toMatchObject({ statusCode: '415' });
    expect((await fetchBytes(bucket().getPublicUrl(name).data.publicUrl)).status).toBe(400);
  });

  it.each([
    ['application/pdf', PDF],
    ['Application/PDF', PDF],
    ['application/pdf; charset=utf-8', PDF],
    ['application/pdf;charset="UTF-8"', PDF],
    [DOCX.toUpperCase(), DOCX],
  ])('stores the declared type %j as exactly %j', async (declared, stored) => {
    const name = resumeName();
    expect((await upload(name, pdfBytes(), { 'Content-Type': declared })).status).toBe(200);
    expect((await fetchBytes(bucket().getPublicUrl(name).data.publicUrl)).type).toBe(stored);
  });

  it('serves every object as a download that is never sniffed', async () => {
    const name = resumeName();
    expect((await bucket().upload(name, pdfFile())).error).toBeNull();
    const response = await fetch(bucket().getPublicUrl(name).data.publicUrl);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const file = name.slice('resumes/'.length);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${file}"; filename*=UTF-8''${file}`,
    );

    const service = await fetch(
      `${t.server.url}/storage/v1/object/authenticated/applications/${name}`,
      { headers: { apikey: t.server.serviceKey, Authorization: `Bearer ${t.server.serviceKey}` } },
    );
    expect(service.status).toBe(200);
    expect(service.headers.get('x-content-type-options')).toBe('nosniff');
    expect(service.headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  it.each([
    [
      'Jane Doe CV.pdf',
      'attachment; filename="Jane Doe CV.pdf"; filename*=UTF-8\'\'Jane%20Doe%20CV.pdf',
    ],
    [
      'Résumé – Zoë.pdf',
      'attachment; filename="R_sum_ _ Zo_.pdf"; filename*=UTF-8\'\'R%C3%A9sum%C3%A9%20%E2%80%93%20Zo%C3%AB.pdf',
    ],
    [
      'a"b\\c%41;d.pdf',
      `attachment; filename="a_b_c_41;d.pdf"; filename*=UTF-8''a%22b_c%2541%3Bd.pdf`,
    ],
    [
      'evil\r\nSet-Cookie: x=1.pdf',
      'attachment; filename="evilSet-Cookie: x=1.pdf"; filename*=UTF-8\'\'evilSet-Cookie%3A%20x%3D1.pdf',
    ],
    [
      "it's (1)*.pdf",
      "attachment; filename=\"it's (1)*.pdf\"; filename*=UTF-8''it%27s%20%281%29%2A.pdf",
    ],
    [
      '../../etc/passwd',
      'attachment; filename=".._.._etc_passwd"; filename*=UTF-8\'\'.._.._etc_passwd',
    ],
  ])('names the download %j safely', async (requested, disposition) => {
    const name = resumeName();
    expect((await bucket().upload(name, pdfFile())).error).toBeNull();
    const url = `${bucket().getPublicUrl(name).data.publicUrl}?download=${encodeURIComponent(requested)}`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(disposition);
  });

  it.each([
    '3600\r\nX-Injected: 1',
    '3600\n',
    '60\u0000',
    '60\u007f',
    '60\u00a0',
    'x'.repeat(1001),
  ])('refuses the cacheControl %j at upload, so nothing is stored', async (cacheControl) => {
    const name = resumeName();
    const { error } = await bucket().upload(name, pdfFile(), { cacheControl });
    expect(error).toMatchObject({
      statusCode: '400',
      message: expect.stringContaining('cacheControl'),
    });
    expect((await fetchBytes(bucket().getPublicUrl(name).data.publicUrl)).status).toBe(400);
  });

  it('keeps a plain cacheControl and serves it back', async () => {
    const name = resumeName();
    expect((await bucket().upload(name, pdfFile(), { cacheControl: '120' })).error).toBeNull();
    const response = await fetch(bucket().getPublicUrl(name).data.publicUrl);
    expect(response.headers.get('cache-control')).toBe('max-age=120');
  });
});
