// How each remote's release fares in this browser, reported once per page load for each remote and
// outcome (loaded, failed to load, failed while rendering) to the backend's counters
// (public.report_remote_health in supabase/schemas/reports.sql), which the release commands' `status`
// reads to compare a canary with the stable release. No personal data: the remote, the release (its
// manifest URL) and the outcome. Sent when the page is hidden or left, with `keepalive`, so it never
// competes with the page's own requests. Entry-chunk code: stateless imports only.
import type { RemoteName } from '@agentora/contracts/apps';

export type RemoteOutcome = 'loaded' | 'load_failed' | 'render_failed';

interface Target {
  url: string;
  publishableKey: string;
}

let target: Target | undefined;
let releases: Partial<Record<RemoteName, string>> = {};
const seen = new Set<string>();
const pending: Array<{ remote: RemoteName; release: string; outcome: RemoteOutcome }> = [];

/** Sends what is pending: each report is one call of public.report_remote_health, one request each. */
export function flushRemoteHealth(send: typeof fetch = fetch): void {
  if (!target) return;
  for (const report of pending.splice(0)) {
    void send(`${target.url}/rest/v1/rpc/report_remote_health`, {
      method: 'POST',
      keepalive: true,
      headers: {
        apikey: target.publishableKey,
        Authorization: `Bearer ${target.publishableKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        p_remote: report.remote,
        p_release: report.release,
        p_outcome: report.outcome,
      }),
    }).catch(() => {
      // A lost report costs a count, never the page.
    });
  }
}

/** Starts reporting to the backend, for the releases this page registered. */
export function startRemoteHealth(
  backend: Target,
  registered: Partial<Record<RemoteName, string>>,
): void {
  target = { url: backend.url.replace(/\/+$/, ''), publishableKey: backend.publishableKey };
  releases = registered;
  window.addEventListener('pagehide', () => flushRemoteHealth());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushRemoteHealth();
  });
}

/** Counts an outcome of `remote` on this page load (once per outcome). */
export function reportRemote(remote: RemoteName, outcome: RemoteOutcome): void {
  const release = releases[remote];
  const key = `${remote} ${outcome}`;
  if (typeof window === 'undefined' || !release || seen.has(key)) return;
  seen.add(key);
  pending.push({ remote, release, outcome });
}

/** Forgets everything (tests render many pages in one document). */
export function resetRemoteHealth(): void {
  target = undefined;
  releases = {};
  seen.clear();
  pending.length = 0;
}
