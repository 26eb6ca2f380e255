import { request } from 'node:http';

/**
 * A fetch for tests that connects from another local address (any of 127.0.0.0/8 on Linux), so the
 * local server sees another client address: the way to test that one address's rate limit leaves
 * another's alone. Plain http only, bodies as strings or bytes; enough for supabase-js's REST calls.
 */
export function fetchFromAddress(localAddress: string): typeof fetch {
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(input instanceof Request ? input.headers : undefined);
    new Headers(init.headers).forEach((value, name) => headers.set(name, value));
    let body: string | Buffer | undefined;
    if (typeof init.body === 'string') {
      body = init.body;
    } else if (init.body !== undefined && init.body !== null) {
      // FormData and the like: let the platform encode it, boundary and all, as fetch would.
      const encoded = new Response(init.body);
      body = Buffer.from(await encoded.arrayBuffer());
      const contentType = encoded.headers.get('content-type');
      if (contentType && !headers.has('content-type')) headers.set('content-type', contentType);
    }
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(
        url,
        { method: init.method ?? 'GET', headers: Object.fromEntries(headers), localAddress },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const status = incoming.statusCode ?? 500;
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              if (value !== undefined) {
                responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
              }
            }
            const withoutBody = status === 204 || status === 205 || status === 304;
            resolve(
              new Response(withoutBody ? null : Buffer.concat(chunks), {
                status,
                headers: responseHeaders,
              }),
            );
          });
        },
      );
      outgoing.on('error', reject);
      init.signal?.addEventListener('abort', () => outgoing.destroy(new Error('aborted')));
      outgoing.end(body);
    });
  };
}
