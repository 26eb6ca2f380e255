// console-resume's handler on Deno, the runtime hosted Supabase serves it on, with a fake database and
// storage: the staff check comes first and at every call, what a refusal says, and the file's answer
// (docs/security.md, "Résumés"). console-resume.test.ts runs it through the local server.
import { assertEquals } from './assert.ts';
import type { RpcResult } from '../../functions/_shared/console/as-caller.ts';
import { createConsoleResumeHandler } from '../../functions/console-resume/handler.ts';

const URL = 'https://project.supabase.co/functions/v1/console-resume';
const ID = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const PATH = 'resumes/1764000000000-0123456789abcdef0123456789abcdef.docx';
const SESSION = 'Bearer aaa.bbb.ccc';
const BYTES = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);

function setup(answer: RpcResult | Error, read: Blob | Error = new Blob([BYTES])) {
  const calls: Array<{ authorization: string; fn: string; args: unknown }> = [];
  const reads: string[] = [];
  const errors: string[] = [];
  const handler = createConsoleResumeHandler({
    databaseFor: (authorization) => ({
      rpc: (fn, args) => {
        calls.push({ authorization, fn, args });
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      },
    }),
    readResume: (path) => {
      reads.push(path);
      return read instanceof Error ? Promise.reject(read) : Promise.resolve(read);
    },
    logError: (message) => errors.push(message),
  });
  return { handler, calls, reads, errors };
}

const opened = (filename = 'Grace Hopper – CV.docx'): RpcResult => ({
  data: { path: PATH, filename },
  error: null,
  status: 200,
});

const post = (body: string, authorization: string | null = SESSION) =>
  new Request(URL, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(authorization === null ? {} : { Authorization: authorization }),
    },
    body,
  });

const errorOf = async (response: Response) => [
  response.status,
  ((await response.json()) as { error: string }).error,
];

Deno.test(
  'asks the database as the caller first, then answers the file as an attachment',
  async () => {
    const { handler, calls, reads } = setup(opened());
    const response = await handler(post(JSON.stringify({ id: ID })));
    assertEquals(response.status, 200);
    assertEquals(calls, [
      { authorization: SESSION, fn: 'console_open_resume', args: { p_id: ID } },
    ]);
    assertEquals(reads, [PATH]);
    assertEquals(new Uint8Array(await response.arrayBuffer()), BYTES);
    assertEquals(
      response.headers.get('content-type'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    assertEquals(
      response.headers.get('content-disposition'),
      `attachment; filename="Grace Hopper _ CV.docx"; filename*=UTF-8''Grace%20Hopper%20%E2%80%93%20CV.docx`,
    );
    assertEquals(response.headers.get('cache-control'), 'no-store');
    assertEquals(response.headers.get('x-content-type-options'), 'nosniff');
    assertEquals(response.headers.get('access-control-expose-headers'), 'Content-Disposition');
  },
);

Deno.test("keeps an applicant's file name from adding a header part or a folder", async () => {
  const { handler } = setup(opened('../x"; filename=evil.html\r\nSet-Cookie: a=b.pdf'));
  const disposition = (await handler(post(JSON.stringify({ id: ID })))).headers.get(
    'content-disposition',
  );
  assertEquals(
    disposition,
    `attachment; filename=".._x_; filename=evil.htmlSet-Cookie: a=b.pdf"; filename*=UTF-8''.._x%22%3B%20filename%3Devil.htmlSet-Cookie%3A%20a%3Db.pdf`,
  );
});

Deno.test('reads nothing from storage for anyone the database refuses', async () => {
  const cases: Array<[RpcResult, number]> = [
    [{ data: null, error: { message: 'JWT expired', code: 'PGRST303' }, status: 401 }, 401],
    [{ data: null, error: { message: 'Staff only', code: '42501' }, status: 403 }, 403],
    [{ data: null, error: { message: 'boom', code: 'XX000' }, status: 500 }, 500],
    [{ data: null, error: null, status: 200 }, 404],
    [{ data: { path: '../other-bucket/x.pdf', filename: 'x.pdf' }, error: null, status: 200 }, 500],
  ];
  for (const [answer, status] of cases) {
    const { handler, reads } = setup(answer);
    const response = await handler(post(JSON.stringify({ id: ID })));
    assertEquals([answer.error?.code, response.status], [answer.error?.code, status]);
    assertEquals(reads, []);
  }
});

Deno.test('asks nothing without a session or a well-formed id', async () => {
  for (const [request, expected] of [
    [post(JSON.stringify({ id: ID }), null), 401],
    [post(JSON.stringify({ id: ID }), 'Bearer sb_publishable_abc'), 401],
    [post(JSON.stringify({ id: 'nope' })), 400],
    [post('{"id":'), 400],
    [post(JSON.stringify({ id: ID, pad: 'x'.repeat(2000) })), 413],
    [new Request(URL, { method: 'GET', headers: { Authorization: SESSION } }), 405],
  ] as const) {
    const { handler, calls } = setup(opened());
    const response = await handler(request);
    assertEquals(response.status, expected);
    assertEquals(calls, []);
  }
  const preflight = await setup(opened()).handler(new Request(URL, { method: 'OPTIONS' }));
  assertEquals(preflight.status, 200);
});

Deno.test('answers 500 when storage fails after the opening was logged', async () => {
  const { handler, errors } = setup(opened(), new Error('storage down'));
  assertEquals(await errorOf(await handler(post(JSON.stringify({ id: ID })))), [
    500,
    'The résumé could not be opened.',
  ]);
  assertEquals(errors.length, 1);
});
