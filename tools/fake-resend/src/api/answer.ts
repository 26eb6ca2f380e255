// What the API answers, in Resend's shape: a JSON body, and errors as {statusCode, name, message}.

/** An answer: its status, its JSON body and its headers. */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** An error as Resend answers one. */
export const failure = (
  statusCode: number,
  name: string,
  message: string,
  headers?: Record<string, string>,
): Answer => ({ status: statusCode, body: { statusCode, name, message }, headers });

/** The 500 of an injected fault (the error rate). */
export const internalError = (): Answer =>
  failure(500, 'internal_server_error', 'An unexpected error occurred.');

/** The body as JSON, or the 422 Resend answers to a body that is not JSON. */
export function parseJsonBody(raw: Buffer): { json: unknown } | { refuse: Answer } {
  try {
    return { json: JSON.parse(raw.toString('utf8')) as unknown };
  } catch {
    return { refuse: failure(422, 'validation_error', 'Invalid JSON body.') };
  }
}
