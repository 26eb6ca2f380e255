// Deno's own multipart parser, as the résumé upload meets it on hosted Supabase (Node's differs).
import { assertEquals } from './assert.ts';
import {
  MAX_APPLICATION_BODY_BYTES,
  readApplicationForm,
} from '../../functions/submit-application/application-form.ts';

const PDF = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

function formRequest(form: FormData): Request {
  return new Request('http://functions.test/submit-application', { method: 'POST', body: form });
}

Deno.test('reads the fields and the résumé of a form as a browser sends it', async () => {
  const form = new FormData();
  form.set('full_name', 'Zoë Ångström');
  form.set('email', 'zoe@example.com');
  form.set('resume', new File([PDF], 'Zoë CV.pdf', { type: 'application/pdf' }));
  const result = await readApplicationForm(formRequest(form));
  if (!result.ok) throw new Error(`not read: ${result.problem}`);
  assertEquals(Object.fromEntries(result.fields), {
    full_name: 'Zoë Ångström',
    email: 'zoe@example.com',
  });
  assertEquals(result.resume?.name, 'Zoë CV.pdf');
  assertEquals(result.resume?.type, 'application/pdf');
  assertEquals(result.resume?.bytes, PDF);
});

Deno.test(
  'refuses a repeated field, a file where text belongs, and a body that is not multipart',
  async () => {
    const repeated = new FormData();
    repeated.append('email', 'a@example.com');
    repeated.append('email', 'b@example.com');
    assertEquals(await readApplicationForm(formRequest(repeated)), {
      ok: false,
      problem: 'malformed',
    });

    const fileAsText = new FormData();
    fileAsText.set('email', new File(['x'], 'x.txt'));
    assertEquals(await readApplicationForm(formRequest(fileAsText)), {
      ok: false,
      problem: 'malformed',
    });

    const json = new Request('http://functions.test/', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    assertEquals(await readApplicationForm(json), { ok: false, problem: 'not-multipart' });
  },
);

// Deno's parser (unlike Node's) takes a body cut off inside a part as a form without that part, rather
// than failing: the cut-off value is never read, and the handler then refuses the missing fields.
Deno.test('never reads a value from a multipart body cut off inside its part', async () => {
  const request = new Request('http://functions.test/', {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
    body: '--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nzoe@exa',
  });
  const result = await readApplicationForm(request);
  const readValues = result.ok ? [...result.fields.values()] : [];
  assertEquals(readValues, []);
});

Deno.test('stops reading a streamed body past the limit', async () => {
  const chunk = new Uint8Array(64 * 1024);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      sent += chunk.byteLength;
      if (sent > MAX_APPLICATION_BODY_BYTES * 4) controller.close();
      else controller.enqueue(chunk);
    },
  });
  const request = new Request('http://functions.test/', {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
    body,
  });
  assertEquals(await readApplicationForm(request), { ok: false, problem: 'too-large' });
  assertEquals(sent < MAX_APPLICATION_BODY_BYTES + 4 * chunk.byteLength, true);
});
