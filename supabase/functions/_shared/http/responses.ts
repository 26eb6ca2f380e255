import { CORS_HEADERS } from './cors.ts';

export type RequestHandler = (request: Request) => Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, 'Content-Type': 'application/json' },
  });
}

export function preflightResponse(): Response {
  return new Response('ok', { headers: CORS_HEADERS });
}
