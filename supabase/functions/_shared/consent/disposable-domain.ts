import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';

// The community list of disposable mailbox domains, as the npm package `disposable-email-domains-js`
// carries it (pinned in supabase/package.json and functions/deno.json; docs/growth.md). A referral from
// such a mailbox is stored and confirmed like any other, but credits nobody.

let blocklist: ReadonlySet<string> | undefined;

/**
 * Whether an address's domain is disposable: listed itself, or a subdomain of a listed domain
 * (a.b.mailinator.com). The package builds a new Set on every call of its own check; this builds it once.
 */
export function isDisposableDomain(domain: string): boolean {
  blocklist ??= disposableEmailBlocklistSet();
  const labels = domain.trim().toLowerCase().replace(/\.$/, '').split('.');
  // Every suffix of two labels or more: the list holds no bare top-level domain.
  for (let first = 0; first < labels.length - 1; first += 1) {
    if (blocklist.has(labels.slice(first).join('.'))) return true;
  }
  return false;
}
