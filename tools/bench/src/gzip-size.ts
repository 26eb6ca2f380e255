import http from 'node:http';

const sizes = new Map<string, Promise<number>>();

/**
 * The body bytes the site sends a client that accepts only gzip. Chromium asks for brotli, so what
 * Lighthouse sees transferred is brotli; the budget is stated in gzip, so each script is fetched
 * once more the way a gzip-only client would and its raw (still compressed) body is counted.
 */
export function gzipSizeOf(url: string): Promise<number> {
  let size = sizes.get(url);
  if (!size) {
    size = new Promise<number>((resolve, reject) => {
      const request = http.get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`GET ${url} answered HTTP ${response.statusCode}`));
          return;
        }
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.setTimeout(15_000, () => request.destroy(new Error(`GET ${url} timed out`)));
    });
    sizes.set(url, size);
    size.catch(() => sizes.delete(url));
  }
  return size;
}

export async function totalGzipSize(urls: readonly string[]): Promise<number> {
  const each = await Promise.all(urls.map((url) => gzipSizeOf(url)));
  return each.reduce((sum, bytes) => sum + bytes, 0);
}
