import type { IncomingHttpHeaders } from 'node:http';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | undefined;
  count: 'exact' | 'planned' | 'estimated' | undefined;
  missingDefault: boolean;
  resolution: string | undefined;
}

/** The Prefer header (RFC 7240), which supabase-js may send several times or comma-joined. */
export function parsePreferences(headers: IncomingHttpHeaders): Preferences {
  const raw = headers.prefer;
  const tokens = (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean);
  const value = (key: string) =>
    tokens.find((token) => token.startsWith(`${key}=`))?.slice(key.length + 1);
  const returned = value('return');
  const count = value('count');
  return {
    return:
      returned === 'minimal' || returned === 'representation' || returned === 'headers-only'
        ? returned
        : undefined,
    count: count === 'exact' || count === 'planned' || count === 'estimated' ? count : undefined,
    missingDefault: value('missing') === 'default',
    resolution: value('resolution'),
  };
}
