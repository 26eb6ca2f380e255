export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/**
 * The request body, read only up to `limit` bytes: a declared or streamed body above it fails with
 * BodyTooLargeError before more than `limit` bytes are held in memory.
 */
export async function readBoundedBody(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) throw new BodyTooLargeError(`The body is larger than ${limit} bytes.`);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(`The body is larger than ${limit} bytes.`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
