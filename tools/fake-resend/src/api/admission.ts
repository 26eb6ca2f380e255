import type { IncomingHttpHeaders } from 'node:http';
import { failure, type Answer } from './answer.ts';

// The decision an API route makes from the head of a request, before a byte of the body is read.

/** A request's head as the server that mounts the API passes it. */
export interface RequestHead {
  method: string;
  /** The path below the API's base URL, without the query (e.g. /emails, /contacts/<id>). */
  path: string;
  headers: IncomingHttpHeaders;
  /** The query string's parameters, when the server passes them (the list routes read them). */
  query?: URLSearchParams;
}

/** The API's decision from the request head: a refusal, or how much body to read and what answers it. */
export type ResendAdmission =
  | { refuse: Answer }
  | { bodyLimit: number; tooLarge: Answer; answer(body: Buffer): Promise<Answer> };

/** A message is far below this; Resend's own limit is 40 MB with attachments, which are not served. */
const BODY_LIMIT = 1024 * 1024;

/** A request admitted: its body read within the API's one limit, then answered. */
export const admitted = (answer: (body: Buffer) => Promise<Answer>): ResendAdmission => ({
  bodyLimit: BODY_LIMIT,
  tooLarge: failure(413, 'payload_too_large', 'The request body is too large.'),
  answer,
});
