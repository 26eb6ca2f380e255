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
