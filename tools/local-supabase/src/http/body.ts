import type { IncomingMessage } from 'node:http';

export interface RequestBody {
  /** The whole body: the listener reads it only when it is within the route's limit. */
  bytes: Buffer;
  size: number;
}

export const EMPTY_BODY: RequestBody = { bytes: Buffer.alloc(0), size: 0 };

export class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
}

/** The connection closed before the body ended: there is nobody left to answer. */
export class RequestAborted extends Error {
  override name = 'RequestAborted';
}

/** The bodies being held already fill the server's budget (see BodyBudget). */
export class BodyBudgetExhausted extends Error {
  override name = 'BodyBudgetExhausted';
}

/**
 * The request body bytes held in memory at once, across all requests. Per-route limits bound one
 * request; this bounds many: without it, a few hundred connections each sending an upload just under
 * its limit would hold gigabytes. A request is refused only when others hold memory too, so one upload
 * as large as its bucket allows always fits.
 */
export class BodyBudget {
  private held = 0;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** Takes `bytes` more for a request that already holds `holding`; false when the budget is spent. */
  take(bytes: number, holding: number): boolean {
    if (this.held > holding && this.held + bytes > this.maxBytes) return false;
    this.held += bytes;
    return true;
  }

  give(bytes: number): void {
    this.held -= bytes;
  }
}

/** Whether the client sends (or is still sending) a body: a non-zero Content-Length or a chunked one. */
export function hasBody(request: IncomingMessage): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true;
  const length = request.headers['content-length'];
  return length !== undefined && length !== '0';
}

/**
 * Reads the body to its end, keeping at most `limit` bytes, taken from `budget`; the caller gives them
 * back (`budget.give(body.size)`) once the request is answered. A Content-Length above the limit is
 * refused before a byte is read, and a chunked body as soon as it passes the limit or the budget; the
 * stream is then left paused (not drained), and the caller answers and closes the connection.
 */
export function readBody(
  request: IncomingMessage,
  limit: number,
  budget: BodyBudget,
): Promise<RequestBody> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > limit) {
      reject(new BodyTooLarge(`${declared} bytes declared, ${limit} allowed`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const detach = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onAbort);
      request.off('close', onAbort);
    };
    const stop = (error: Error) => {
      detach();
      request.pause();
      chunks.length = 0;
      budget.give(size);
      reject(error);
    };
    // A stream error here is the connection failing (reset, timed out): nobody is left to answer.
    const onAbort = () => stop(new RequestAborted('the client went away before the body ended'));
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > limit) {
        stop(new BodyTooLarge(`more than ${limit} bytes sent`));
      } else if (!budget.take(chunk.length, size)) {
        stop(new BodyBudgetExhausted(`${budget.maxBytes} bytes of bodies held`));
      } else {
        size += chunk.length;
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      detach();
      resolve({ bytes: Buffer.concat(chunks, size), size });
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onAbort);
    request.on('close', onAbort);
  });
}
