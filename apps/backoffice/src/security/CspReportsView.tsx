import styled from 'styled-components';
import { CardTitle, Muted } from '@agentora/ui';
import { listCspViolations } from '../backend/console-api';
import { CSP_OVERFLOW_ROW, CSP_REPORT_LIMITS } from '@agentora/data/console-lists';
import type { CspViolationPage, CspViolationRow } from '../backend/console-types';
import { useAsync } from '../backend/useAsync';
import type { Column } from '../lists/DataTable';
import { writeListQuery, type ListQuery } from '../lists/list-query';
import { ListPage } from '../lists/ListPage';
import { useListQuery } from '../lists/useListQuery';
import { MESSAGES } from '../messages';
import { formatCount } from '../growth/conversion';
import { ViewStack } from '../layout/view-parts';

// A sample is what a page's script or style began with, or what someone sent as one: shown as text in
// a code element (React escapes it), wrapped so a long one cannot widen the table.
const Sample = styled.code`
  white-space: pre-wrap;
  word-break: break-all;
`;

type Row = CspViolationRow & { id: string; overflow: boolean };

const dash = '—';

const COLUMNS: readonly Column<Row>[] = [
  { header: 'Day', cell: (row) => row.day },
  { header: 'Release', cell: (row) => (row.overflow ? dash : row.release) },
  { header: 'Directive', cell: (row) => (row.overflow ? MESSAGES.cspOverflow : row.directive) },
  { header: 'Blocked', cell: (row) => (row.overflow ? dash : row.blocked) },
  { header: 'Page', cell: (row) => (row.overflow ? dash : row.page) },
  {
    header: 'Sample',
    cell: (row) => (row.sample === '' ? dash : <Sample>{row.sample}</Sample>),
  },
  { header: 'Reports', cell: (row) => formatCount(row.count) },
];

type RowsPage = Omit<CspViolationPage, 'rows'> & { rows: Row[] };

const withIds = (page: CspViolationPage): RowsPage => ({
  ...page,
  rows: page.rows.map((row) => ({
    ...row,
    id: [row.day, row.release, row.directive, row.blocked, row.page, row.sample].join('\n'),
    overflow: row.directive === CSP_OVERFLOW_ROW.directive,
  })),
});

/**
 * The CSP violations browsers reported over the kept days (the last 30, UTC), most recent day first,
 * then the most reported: which release's policy refused what, on which page. 50 rows a page.
 */
export function CspReportsView({ query }: { query: ListQuery }) {
  const [, update] = useListQuery();
  const [state, reload] = useAsync(
    () => listCspViolations(query.page).then(withIds),
    writeListQuery(query),
  );
  return (
    <ViewStack aria-label={MESSAGES.views.csp}>
      <CardTitle as="h2">{`CSP reports, the last ${CSP_REPORT_LIMITS.daysKept} days (UTC)`}</CardTitle>
      <Muted>{MESSAGES.cspLead}</Muted>
      {state.status === 'done' && state.value.rows.length === 0 && query.page === 1 ? (
        <p role="status">{MESSAGES.cspEmpty}</p>
      ) : (
        <>
          {state.status === 'done' && (
            <p>
              {MESSAGES.cspTotals(
                formatCount(state.value.reports),
                formatCount(state.value.total),
                state.value.from,
              )}
            </p>
          )}
          <ListPage
            state={state}
            reload={reload}
            query={query}
            onPage={(page) => update({ ...query, page })}
            caption="CSP violations per day, release, directive, blocked source, page and sample"
            columns={COLUMNS}
            rowLabel={(row) => `${row.day} ${row.directive} ${row.blocked} ${row.page}`}
          />
        </>
      )}
    </ViewStack>
  );
}
