import { createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOCAL_SEND_EMAIL_HOOK_SECRET } from '../../src/keys/local-keys.ts';

export interface HookCall {
  headers: IncomingHttpHeaders;
  body: string;
  payload: {
    metadata: Record<string, unknown>;
    user: Record<string, unknown> & { id: string; email: string };
    email_data: Record<string, string>;
  };
  /** Whether webhook-signature is the Standard Webhooks signature under the local hook secret. */
  signed: boolean;
}

/** How the hook answers a call; by default 200 `{}` (sent). */
export type HookAnswer = (call: HookCall, res: ServerResponse) => void | Promise<void>;

/** The Standard Webhooks check, written from the spec (not the server's code): v1 HMAC-SHA256. */
function signatureValid(headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(LOCAL_SEND_EMAIL_HOOK_SECRET.slice('v1,whsec_'.length), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)
    .digest();
  const age = Math.abs(Date.now() / 1000 - Number(headers['webhook-timestamp']));
  return (
    age < 300 &&
    String(headers['webhook-signature'] ?? '')
      .split(/[ ,]+/)
      .filter((part) => part !== 'v1')
      .some((signature) => {
        const given = Buffer.from(signature.replace(/^v1,/, ''), 'base64');
        return given.length === expected.length && timingSafeEqual(given, expected);
      })
  );
}

/** A Send Email Hook for tests: records each call and answers as told. */
export async function startHookServer() {
  const calls: HookCall[] = [];
  let answer: HookAnswer = (_call, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end('{}');
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const call: HookCall = {
      headers: req.headers,
      body,
      payload: JSON.parse(body),
      signed: signatureValid(req.headers, body),
    };
    calls.push(call);
    await answer(call, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send-auth-email`,
    calls,
    answerWith(next: HookAnswer) {
      answer = next;
    },
    /** The code the hook last received for the address. */
    codeFor(email: string): string {
      const call = calls.findLast((entry) => entry.payload.user.email === email.toLowerCase());
      if (!call) throw new Error(`The hook received no code for ${email}`);
      return call.payload.email_data.token;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

export type HookServer = Awaited<ReturnType<typeof startHookServer>>;
