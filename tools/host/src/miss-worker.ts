// The Worker script of every app's host. The host serves a request that matches a file (or one of
// its redirects) from the static assets without running this script; it runs it only for a request
// no file answers (worker-config.ts: `run_worker_first: false`, and navigations included). The
// answer is the one the assets give for the address (the shell's error page, a remote's plain 404,
// with the `_headers` rules applied), told not to be kept: docs/deploying-the-site.md, "Caching,
// CORS and the other headers". Bundled for workerd by wrangler, so it imports no Node module.
import { NO_STORE } from './cache-control.ts';

/** The static assets of the Worker's own version, as the `ASSETS` binding gives them. */
export interface MissEnv {
  ASSETS: { fetch(request: Request): Promise<Response> };
}

/** The host's answer to an address no file answers, with `Cache-Control: no-store`. */
export async function answerMiss(request: Request, env: MissEnv): Promise<Response> {
  const answer = await env.ASSETS.fetch(request);
  // The assets' response is immutable; a copy takes its status, headers and (unread) body.
  const response = new Response(answer.body, answer);
  response.headers.set('Cache-Control', NO_STORE);
  return response;
}

export default { fetch: answerMiss };
