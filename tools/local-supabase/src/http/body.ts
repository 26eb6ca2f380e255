import type { IncomingMessage } from 'node:http';

export interface RequestBody {
  /** The body, or its first `limit` bytes when it was larger. */
  bytes: Buffer;
  /** The full size that was sent. */
  size: number;
  overLimit: boolean;
}

/**
 * Reads the request body to its end, always: answering before the client has finished sending makes
 * browsers and fetch report a network error instead of the server's answer. Beyond `limit` the bytes
 * are counted and dropped, not kept.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<RequestBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (kept >= limit) return;
      const room = limit - kept;
      const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
      chunks.push(piece);
      kept += piece.length;
    });
    request.on('end', () =>
      resolve({ bytes: Buffer.concat(chunks, kept), size, overLimit: size > limit }),
    );
    request.on('error', reject);
  });
}
