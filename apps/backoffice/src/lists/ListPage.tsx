import type { AsyncState } from '../backend/useAsync';
import type { Page } from '../backend/console-types';
import { MESSAGES } from '../messages';
import { DataTable, type Column } from './DataTable';
import { LoadFailure } from './LoadFailure';
import type { ListQuery } from './list-query';
import { Pager } from './Pager';

/** A list's page as it loads: loading, failed with a retry, empty, or its rows and the pages around. */
export function ListPage<Row extends { id: string }>({
  state,
  reload,
  query,
  onPage,
  caption,
  columns,
  rowLabel = (row) => row.id,
  selection,
}: {
  state: AsyncState<Page<Row>>;
  reload: () => void;
  query: ListQuery;
  onPage: (page: number) => void;
  caption: string;
  columns: readonly Column<Row>[];
  /** How a row's checkbox is named (with `selection`). */
  rowLabel?: (row: Row) => string;
  selection?: { selected: ReadonlySet<string>; toggle: (id: string) => void };
}) {
  if (state.status === 'loading') return <p role="status">Loading…</p>;
  if (state.status === 'failed') return <LoadFailure error={state.error} onRetry={reload} />;
  if (state.value.rows.length === 0) return <p role="status">{MESSAGES.empty}</p>;
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={state.value.rows}
        rowLabel={rowLabel}
        selection={selection}
      />
      <Pager page={query.page} total={state.value.total} onPage={onPage} />
    </>
  );
}
