// Reads a runtime config as the deploy commands take it: the live site's URL, or a file. The prerender
// and the header writer (tools/delivery) both start from it; each checks the value its own way.
import fs from 'node:fs';

/** The JSON at `location` (an http(s) URL, fetched within 10 s, or a file path), unchecked. */
export async function readRuntimeConfigJson(location: string): Promise<unknown> {
  if (!/^https?:\/\//.test(location)) return JSON.parse(fs.readFileSync(location, 'utf8'));
  const response = await fetch(location, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok)
    throw new Error(`the runtime config ${location} answered HTTP ${response.status}.`);
  return JSON.parse(await response.text());
}
