import { BodyTooLargeError, readBoundedBody } from './bounded-body.ts';
import { jsonResponse } from './responses.ts';

export type JsonBody = { ok: true; body: unknown } | { ok: false; response: Response };

/** The request's JSON body, read up to `limit` bytes; otherwise the answer to give (413 or 400). */
export async function readJsonBody(request: Request, limit: number): Promise<JsonBody> {
  try {
    const bytes = await readBoundedBody(request, limit);
    return { ok: true, body: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch (error) {
    return {
      ok: false,
      response:
        error instanceof BodyTooLargeError
          ? jsonResponse(413, { success: false, error: 'The request body is too large.' })
          : jsonResponse(400, { success: false, error: 'The request body must be JSON.' }),
    };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
