// The edge runtime keeps a worker alive for promises handed to waitUntil after the response is sent
// (hosted Supabase; tools/local-supabase/deno/edge-runtime.ts gives the local workers the same).
declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void };

export function afterResponse(task: () => Promise<unknown>): void {
  EdgeRuntime.waitUntil(task());
}
