import { functionUrl } from '@agentora/data';
import { callAsStaff } from '../backend/console-api';
import { saveFile } from '../download/save-file';
import { filterArguments, type ListViewQuery } from '../lists/list-query';

const EXPORT_FUNCTION = 'console-export';

/** The export's query for a list and its filters (the same filters the list shows). */
function exportQuery(query: ListViewQuery): URLSearchParams {
  const filters = filterArguments(query);
  const params = new URLSearchParams({
    kind: query.view === 'applications' ? 'applications' : query.view,
  });
  for (const [name, value] of Object.entries(filters)) {
    if (name === 'p_form' || value === null || value === undefined) continue;
    params.set(name.slice(2), String(value));
  }
  return params;
}

/** The export function's address for a list and its filters. */
export function exportUrl(supabaseUrl: string, query: ListViewQuery): string {
  return functionUrl(supabaseUrl, EXPORT_FUNCTION, exportQuery(query));
}

/** The file name the server gave (Content-Disposition), or one of ours. */
export function attachmentName(disposition: string | null, fallback: string): string {
  const quoted = /filename="([^"]+)"/.exec(disposition ?? '');
  return quoted?.[1] ?? fallback;
}

/**
 * Asks the export function for every row matching the list's filters, as CSV, with the staff
 * session; the file is then saved through the browser's download.
 */
export async function downloadCsv(query: ListViewQuery): Promise<string> {
  const response = await callAsStaff(EXPORT_FUNCTION, { method: 'GET', query: exportQuery(query) });
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
