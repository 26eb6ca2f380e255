import { getRuntimeConfig } from '@agentora/data';
import { getConsoleClient } from '../backend/console-client';
import { saveFile } from '../download/save-file';
import { filterArguments, type ListViewQuery } from '../lists/list-query';

/** The export function's address for a list and its filters (the same filters the list shows). */
export function exportUrl(supabaseUrl: string, query: ListViewQuery): string {
  const filters = filterArguments(query);
  const params = new URLSearchParams({
    kind: query.view === 'applications' ? 'applications' : query.view,
  });
  for (const [name, value] of Object.entries(filters)) {
    if (name === 'p_form' || value === null || value === undefined) continue;
    params.set(name.slice(2), String(value));
  }
  return `${supabaseUrl}/functions/v1/console-export?${params.toString()}`;
}

/** The file name the server gave (Content-Disposition), or one of ours. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const quoted = /filename="([^"]+)"/.exec(disposition ?? '');
  return quoted?.[1] ?? fallback;
}

export class ExportError extends Error {
  override name = 'ExportError';
}

/**
 * Asks the export function for every row matching the list's filters, as CSV, with the staff
 * session; the file is then saved through the browser's download.
 */
export async function downloadCsv(query: ListViewQuery): Promise<string> {
  const { url, publishableKey } = getRuntimeConfig().supabase;
  const client = await getConsoleClient();
  const { data } = await client.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new ExportError('Your session has ended. Sign in again.');
  const response = await fetch(exportUrl(url, query), {
    headers: { apikey: publishableKey, authorization: `Bearer ${token}` },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new ExportError(body?.error ?? `The server answered ${response.status}.`);
  }
  const name = attachmentName(
    response.headers.get('content-disposition'),
    `agentora-${query.view}.csv`,
  );
  const file = URL.createObjectURL(await response.blob());
  saveFile(file, name);
  // The download has its own copy once it starts.
  setTimeout(() => URL.revokeObjectURL(file), 60_000);
  return name;
}
