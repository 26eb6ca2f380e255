import {
  callerAuthorization,
  rpcRefusal,
  type DatabaseFor,
  type RefusalWords,
  type RpcResult,
} from '../_shared/console/as-caller.ts';
import { isRecord, readJsonBody } from '../_shared/http/body.ts';
import { CORS_HEADERS } from '../_shared/http/cors.ts';
import { acceptMethods, errorResponse, type RequestHandler } from '../_shared/http/responses.ts';
import { CSV_BOM, csvRow } from './csv.ts';
import {
  EXPORT_COLUMNS,
  parseExportRequest,
  type ExportFilter,
  type ExportKind,
} from './export-request.ts';

export interface ConsoleExportDeps {
  /**
   * A client for this request's caller: the project's publishable key as apikey and the caller's own
   * `Authorization` header, so PostgREST checks the session and row-level security and the RPCs' staff
   * check apply (callerDatabases, _shared/entry/function-setup.ts).
   */
  databaseFor: DatabaseFor;
  /** Rows per RPC call: the most held in memory at once. */
  pageSize?: number;
  now?: () => Date;
  logError?: (message: string, error: unknown) => void;
}

/** Rows per page: one page is all the function holds, however long the list. */
export const EXPORT_PAGE_SIZE = 1000;
const MAX_BODY_BYTES = 4096;

const ALLOW_METHODS = { 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS' };

const CSV_HEADERS: Readonly<Record<string, string>> = {
  ...CORS_HEADERS,
  ...ALLOW_METHODS,
  // So the console can read the file's name from a cross-origin answer.
  'Access-Control-Expose-Headers': 'Content-Disposition',
  'Content-Type': 'text/csv; charset=utf-8',
  // Personal data: no cache along the way may keep a copy.
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

type Row = Record<string, unknown> & { id: string; created_at: string };
type Cursor = { createdAt: string; id: string } | null;

/** A page as the RPC returns it: rows in (created_at, id) order, each with both keys. */
function pageOf(data: unknown): Row[] | undefined {
  if (!Array.isArray(data)) return undefined;
  const rows = data as unknown[];
  return rows.every(
    (row) => isRecord(row) && typeof row.id === 'string' && typeof row.created_at === 'string',
  )
    ? (rows as Row[])
    : undefined;
}

/** The export's id: console_log_export answers its audit line's id (bigint, as a JSON number). */
const isExportId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The filter as the audit log keeps it: only what was set. */
function loggedFilter(filter: ExportFilter): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

const REFUSAL: RefusalWords = {
  forbidden: 'Only staff may export.',
  failed: 'The export could not be made.',
  logLine: 'console-export: the export could not start',
};

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * console-export: a list of the console as a CSV file, for staff. GET (query string) or POST (JSON body)
 * with `kind=early_access|waitlist|newsletter|applications` and the list's filters (export-request.ts),
 * `apikey: <publishable key>` (index.ts checks it) and `Authorization: Bearer <the session's access
 * token>`. Answers 400 for a wrong request, 401 without a valid session, 403 for a session that is not
 * staff, all as `{success: false, error}`; otherwise 200 `text/csv`, a download named
 * `agentora-<kind>-<YYYY-MM-DD>.csv`: a UTF-8 BOM, a header row, then every matching row in the order
 * they were made, read 1000 at a time and sent as it is read. The export is logged first
 * (public.console_log_export, which also refuses anyone but staff, and answers the line's id); every page
 * is then read with that id (public.console_export_rows), which takes the list and the filter from the
 * line itself, so the file holds exactly what the log says. A page that fails later ends the download
 * with an error rather than a short file.
 */
export function createConsoleExportHandler(deps: ConsoleExportDeps): RequestHandler {
  const pageSize = deps.pageSize ?? EXPORT_PAGE_SIZE;
  const now = deps.now ?? (() => new Date());
  const logError = deps.logError ?? ((message, error) => console.error(message, error));

  const answer: RequestHandler = async (request) => {
    let body: unknown = undefined;
    if (request.method === 'POST') {
      // A POST may carry its filters in the query string alone.
      const read = await readJsonBody(request, MAX_BODY_BYTES, { optional: true });
      if (!read.ok) return read.response;
      body = read.body;
    }
    const parsed = parseExportRequest(new URL(request.url).searchParams, body);
    if (!parsed.ok) return errorResponse(400, parsed.error);
    const exportRequest = parsed.request;

    const caller = callerAuthorization(request);
    if (!caller.ok) return caller.response;
    const database = deps.databaseFor(caller.authorization);

    let exportId: number | undefined;
    const readPage = async (cursor: Cursor): Promise<RpcResult & { rows?: Row[] }> => {
      const result = await database.rpc('console_export_rows', {
        p_export: exportId,
        p_after_created_at: cursor?.createdAt ?? null,
        p_after_id: cursor?.id ?? null,
        p_limit: pageSize,
      });
      return { ...result, rows: result.error ? undefined : pageOf(result.data) };
    };

    let first: RpcResult & { rows?: Row[] };
    try {
      const logged = await database.rpc('console_log_export', {
        p_kind: exportRequest.kind,
        p_filter: loggedFilter(exportRequest.filter),
      });
      if (logged.error) return rpcRefusal(logged, REFUSAL, logError);
      if (!isExportId(logged.data)) {
        logError('console-export: console_log_export answered no export id', logged.data);
        return errorResponse(500, 'The export could not be made.');
      }
      exportId = logged.data;
      first = await readPage(null);
    } catch (error) {
      logError('console-export: the database could not be reached', error);
      return errorResponse(500, 'The export could not be made.');
    }
    if (first.error) return rpcRefusal(first, REFUSAL, logError);
    if (!first.rows) {
      logError('console-export: the first page has an unexpected shape', exportRequest.kind);
      return errorResponse(500, 'The export could not be made.');
    }
    return new Response(csvStream(exportRequest.kind, first.rows, readPage, pageSize, logError), {
      status: 200,
      headers: {
        ...CSV_HEADERS,
        'Content-Disposition': `attachment; filename="agentora-${exportRequest.kind}-${day(now())}.csv"`,
      },
    });
  };
  return acceptMethods({ GET: answer, POST: answer }, { preflight: ALLOW_METHODS });
}

/**
 * The file, produced as it is read: the first page is already here; each next page is asked for only
 * when the reader wants more (highWaterMark 0), so one page at a time is in memory.
 */
function csvStream(
  kind: ExportKind,
  firstRows: Row[],
  readPage: (cursor: Cursor) => Promise<RpcResult & { rows?: Row[] }>,
  pageSize: number,
  logError: (message: string, error: unknown) => void,
): ReadableStream<Uint8Array> {
  const columns = EXPORT_COLUMNS[kind];
  const encoder = new TextEncoder();
  const encodeRows = (rows: Row[]) =>
    encoder.encode(rows.map((row) => csvRow(columns.map((column) => row[column]))).join(''));
  const cursorAfter = (rows: Row[]): Cursor => {
    const last = rows[rows.length - 1];
    return { createdAt: last.created_at, id: last.id };
  };
  let cursor: Cursor = firstRows.length > 0 ? cursorAfter(firstRows) : null;
  let done = firstRows.length < pageSize;

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(CSV_BOM + csvRow(columns)));
        if (firstRows.length > 0) controller.enqueue(encodeRows(firstRows));
        if (done) controller.close();
      },
      async pull(controller) {
        try {
          const page = await readPage(cursor);
          if (page.error || !page.rows) {
            throw new Error(`${kind}: ${page.error?.message ?? 'a page of an unexpected shape'}`);
          }
          const next = page.rows.length > 0 ? cursorAfter(page.rows) : cursor;
          if (
            page.rows.length > 0 &&
            next?.id === cursor?.id &&
            next?.createdAt === cursor?.createdAt
          ) {
            throw new Error(`${kind}: the page did not move past the previous one`);
          }
          if (page.rows.length > 0) controller.enqueue(encodeRows(page.rows));
          cursor = next;
          done = page.rows.length < pageSize;
          if (done) controller.close();
        } catch (error) {
          logError('console-export: the export stopped part-way', error);
          controller.error(error);
        }
      },
      cancel() {
        done = true;
      },
    },
    { highWaterMark: 0 },
  );
}
