import styled from 'styled-components';
import { listCspViolations } from '../backend/console-api';
import { CSP_OVERFLOW_ROW, CSP_REPORT_LIMITS } from '@agentora/data/console-lists';
import type { CspViolationPage, CspViolationRow } from '../backend/console-types';
import type { Column } from '../lists/DataTable';
import type { ListQuery } from '../lists/list-query';
import { ListWithTotalsView } from '../lists/ListWithTotalsView';
import { MESSAGES } from '../messages';
import { formatCount } from '../growth/conversion';

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
  return (
    <ListWithTotalsView
      query={query}
      label={MESSAGES.views.csp}
      title={`CSP reports, the last ${CSP_REPORT_LIMITS.daysKept} days (UTC)`}
      lead={MESSAGES.cspLead}
      load={(number) => listCspViolations(number).then(withIds)}
      holdsNothing={(page) => page.rows.length === 0}
      nothing={MESSAGES.cspEmpty}
      totals={(page) =>
        MESSAGES.cspTotals(formatCount(page.reports), formatCount(page.total), page.from)
      }
      caption="CSP violations per day, release, directive, blocked source, page and sample"
      columns={COLUMNS}
      rowLabel={(row) => `${row.day} ${row.directive} ${row.blocked} ${row.page}`}
    />
  );
}
