import { CardTitle, Muted } from '@agentora/ui';
import type { Page } from '../backend/console-types';
import { useAsync } from '../backend/useAsync';
import { ViewStack } from '../layout/view-parts';
import type { Column } from './DataTable';
import { writeListQuery, type ListQuery } from './list-query';
import { ListPage } from './ListPage';
import { useListQuery } from './useListQuery';

/**
 * A view of one list without filters, 50 rows a page: its heading and lead, the totals the database
 * counts over the whole list above the page of rows, and its own words when the list holds nothing
 * (on page 1; a page past the end says so as ListPage does). The CSP reports and the Bounces view.
 */
export function ListWithTotalsView<Row extends { id: string }, Value extends Page<Row>>({
  query,
  label,
  title,
  lead,
  load,
  holdsNothing,
  nothing,
  totals,
  caption,
  columns,
  rowLabel,
}: {
  query: ListQuery;
  /** The view's accessible name. */
  label: string;
  title: string;
  lead: string;
  /** The page of the list, 1-based, with the totals. */
  load: (page: number) => Promise<Value>;
  /** Whether a first page says the list holds nothing. */
  holdsNothing: (value: Value) => boolean;
  /** What the view says then. */
  nothing: string;
  totals: (value: Value) => string;
  caption: string;
  columns: readonly Column<Row>[];
  rowLabel?: (row: Row) => string;
}) {
  const [, update] = useListQuery();
  const [state, reload] = useAsync(() => load(query.page), writeListQuery(query));
  return (
    <ViewStack aria-label={label}>
      <CardTitle as="h2">{title}</CardTitle>
      <Muted>{lead}</Muted>
      {state.status === 'done' && holdsNothing(state.value) && query.page === 1 ? (
        <p role="status">{nothing}</p>
      ) : (
        <>
          {state.status === 'done' && <p>{totals(state.value)}</p>}
          <ListPage
            state={state}
            reload={reload}
            query={query}
            onPage={(page) => update({ ...query, page })}
            caption={caption}
            columns={columns}
            rowLabel={rowLabel}
          />
        </>
      )}
    </ViewStack>
  );
}
