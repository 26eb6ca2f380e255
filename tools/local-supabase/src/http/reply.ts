import type { ServerResponse } from 'node:http';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendRaw(res, status, JSON.stringify(body), {
    'Content-Type': 'application/json; charset=utf-8',
    ...headers,
  });
}

export function sendRaw(
  res: ServerResponse,
  status: number,
  body: string | Buffer | undefined,
  headers: Record<string, string | number> = {},
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (body !== undefined) res.setHeader('Content-Length', Buffer.byteLength(body));
  res.statusCode = status;
  res.end(body);
}

export function sendEmpty(
  res: ServerResponse,
  status: number,
  headers: Record<string, string> = {},
): void {
  sendRaw(res, status, undefined, headers);
}
