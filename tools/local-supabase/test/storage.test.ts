import { randomBytes } from 'node:crypto';
import { startTestServer, type TestServer } from '../src/testing/test-server.ts';

// The private applications bucket through the real server and the unmodified supabase-js storage
// client: the service role (submit-application, the team's resume-url command) writes, signs and
// removes; anon can do nothing with it.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const FIVE_MB = 5 * 1024 * 1024;
const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The name submit-application builds: resumes/<ms>-<128 random bits as hex>.<ext>. */
const resumeName = (ext = 'pdf') =>
  `resumes/${Date.now()}-${randomBytes(16).toString('hex')}.${ext}`;
const asService = () => t.service.storage.from('applications');
const asAnon = () => t.anon.storage.from('applications');

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

async function stored(size = 4096): Promise<{ name: string; bytes: Buffer }> {
  const name = resumeName();
  const file = pdfFile(size);
  expect((await asService().upload(name, file)).error).toBeNull();
  return { name, bytes: Buffer.from(await file.arrayBuffer()) };
}

describe('the service role writes the bucket', () => {
  it('uploads a PDF and downloads the same bytes', async () => {
    const file = pdfFile();
    const name = resumeName();
    const { data, error } = await asService().upload(name, file);
    expect(error).toBeNull();
    expect(data).toEqual({
      path: name,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fullPath: `applications/${name}`,
    });
    const download = await asService().download(name);
    expect(Buffer.from(await (download.data as Blob).arrayBuffer())).toEqual(
      Buffer.from(await file.arrayBuffer()),
    );
  });

  it('within the bucket limits: exactly 5 MB is accepted, 5 MB + 1 byte and other types are not', async () => {
    expect((await asService().upload(resumeName(), pdfFile(FIVE_MB))).error).toBeNull();
    expect((await asService().upload(resumeName(), pdfFile(FIVE_MB + 1))).error).toMatchObject({
      message: 'The object exceeded the maximum allowed size',
      statusCode: '413',
    });
    const png = new File([Buffer.from('89504e470d0a1a0a', 'hex')], 'photo.png', {
      type: 'image/png',
    });
    expect((await asService().upload(resumeName('png'), png)).error).toMatchObject({
      message: 'mime type image/png is not supported',
      statusCode: '415',
    });
    const docx = new File(['docx'], 'cv.docx', { type: DOCX });
    expect((await asService().upload(resumeName('docx'), docx)).error).toBeNull();
  });

  it('removes objects, bytes and all', async () => {
    const { name } = await stored();
    const { data, error } = await asService().remove([name]);
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ name, bucket_id: 'applications' })]);
    expect((await asService().download(name)).error).toMatchObject({ status: 400 });
    expect(await asService().remove([name])).toEqual({ data: [], error: null });
  });
});

describe('signed URLs', () => {
  it('serve the object for the time given, without an API key', async () => {
    const { name, bytes } = await stored();
    const { data, error } = await asService().createSignedUrl(name, 60);
    expect(error).toBeNull();
    expect(data?.signedUrl).toMatch(
      new RegExp(
        `^${t.server.url}/storage/v1/object/sign/applications/${name}\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`,
      ),
    );
    const served = await fetchBytes(data?.signedUrl as string);
    expect(served).toMatchObject({ status: 200, type: PDF });
    expect(served.bytes.equals(bytes)).toBe(true);
  });

  it('name a download file name when asked', async () => {
    const { name } = await stored();
    const { data } = await asService().createSignedUrl(name, 60, {
      download: 'Ada Lovelace CV.pdf',
    });
    const response = await fetch(data?.signedUrl as string);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Ada Lovelace CV.pdf"; filename*=UTF-8''Ada%20Lovelace%20CV.pdf`,
    );
  });

  it('stop working when expired, and cannot be moved to another object or forged', async () => {
    const { name } = await stored();
    const other = await stored();
    const { data } = await asService().createSignedUrl(name, 1);
    const signed = new URL(data?.signedUrl as string);
    const token = signed.searchParams.get('token') as string;

    const elsewhere = `${t.server.url}/storage/v1/object/sign/applications/${other.name}?token=${token}`;
    expect((await fetchBytes(elsewhere)).status).toBe(400);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`;
    expect((await fetchBytes(signed.href.replace(token, forged))).status).toBe(400);
    expect((await fetchBytes(signed.href.replace(/\?token=.*$/, ''))).status).toBe(400);

    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(signed);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ message: 'jwt expired' });
  });

  it('are not handed to anon', async () => {
    const { name } = await stored();
    const { data, error } = await asAnon().createSignedUrl(name, 60);
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 400 });
    expect(
      (await asService().createSignedUrl(name, 0)).error ??
        (await asService().createSignedUrl(name, -5)).error,
    ).toMatchObject({ status: 400 });
  });
});

describe('anon cannot use the bucket at all', () => {
  let name: string;
  let original: Buffer;
  beforeAll(async () => {
    ({ name, bytes: original } = await stored());
  });

  it('cannot upload anywhere, however the object is named', async () => {
    for (const attempt of [
      resumeName(),
      resumeName('html'),
      'resumes/cv.pdf',
      `other/${resumeName()}`,
    ]) {
      const { error } = await asAnon().upload(attempt, pdfFile());
      expect(error).toMatchObject({
        message: 'new row violates row-level security policy',
        statusCode: '403',
      });
    }
  });

  it('cannot read a file through its public URL, even knowing the name', async () => {
    const response = await fetch(asAnon().getPublicUrl(name).data.publicUrl);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('cannot list, download, overwrite or remove', async () => {
    expect(await asAnon().list('resumes')).toEqual({ data: [], error: null });
    expect((await asAnon().download(name)).error).toMatchObject({ status: 400 });
    expect((await asAnon().upload(name, pdfFile(), { upsert: true })).error).toMatchObject({
      statusCode: '403',
    });
    expect((await asAnon().update(name, pdfFile())).error).toMatchObject({ statusCode: '403' });
    expect(await asAnon().remove([name])).toEqual({ data: [], error: null });
    const still = await asService().download(name);
    expect(Buffer.from(await (still.data as Blob).arrayBuffer()).equals(original)).toBe(true);
  });

  it('uploads need an API key', async () => {
    const response = await fetch(`${t.server.url}/storage/v1/object/applications/${resumeName()}`, {
      method: 'POST',
      body: 'x',
    });
    expect(response.status).toBe(401);
  });
});

// Written with the service role, the bucket's only writer; read back through the authenticated endpoint
// (the public one refuses a private bucket).
describe('what the server stores and serves (hostile uploads)', () => {
  const serviceHeaders = () => ({
    apikey: t.server.serviceKey,
    Authorization: `Bearer ${t.server.serviceKey}`,
  });
  const upload = (name: string, body: Blob, headers: Record<string, string>) =>
    fetch(`${t.server.url}/storage/v1/object/applications/${name}`, {
      method: 'POST',
      headers: { ...serviceHeaders(), ...headers },
      body,
    });
  const storedUrl = (name: string) =>
    `${t.server.url}/storage/v1/object/authenticated/applications/${name}`;
  const fetchStored = async (name: string, query = '') => {
    const response = await fetch(`${storedUrl(name)}${query}`, { headers: serviceHeaders() });
    return { status: response.status, type: response.headers.get('content-type'), response };
  };
  const bucket = asService;
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
    expect((await fetchStored(name)).status).toBe(400);
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
    expect((await fetchStored(name)).type).toBe(stored);
  });

  it('serves every object as a download that is never sniffed', async () => {
    const name = resumeName();
    expect((await bucket().upload(name, pdfFile())).error).toBeNull();
    const { response } = await fetchStored(name);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const file = name.slice('resumes/'.length);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${file}"; filename*=UTF-8''${file}`,
    );

    const { data } = await bucket().createSignedUrl(name, 60);
    const signed = await fetch(data?.signedUrl as string);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(signed.headers.get('content-disposition')).toMatch(/^attachment; /);
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
    const { response } = await fetchStored(name, `?download=${encodeURIComponent(requested)}`);
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
    expect((await fetchStored(name)).status).toBe(400);
  });

  it('keeps a plain cacheControl and serves it back', async () => {
    const name = resumeName();
    expect((await bucket().upload(name, pdfFile(), { cacheControl: '120' })).error).toBeNull();
    const { response } = await fetchStored(name);
    expect(response.headers.get('cache-control')).toBe('max-age=120');
  });
});

it('an unknown bucket is reported as such', async () => {
  const { error } = await t.service.storage.from('avatars').upload(resumeName(), pdfFile());
  expect(error).toMatchObject({ message: 'Bucket not found', statusCode: '404' });
});
