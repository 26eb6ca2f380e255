import { listMailSuppressions } from '../backend/console-api';
import type { MailSuppressionPage, MailSuppressionRow } from '../backend/console-types';
import { formatCount } from '../growth/conversion';
import type { Column } from '../lists/DataTable';
import { formatMoment } from '../lists/dates';
import type { ListQuery } from '../lists/list-query';
import { ListWithTotalsView } from '../lists/ListWithTotalsView';
import { MESSAGES } from '../messages';

type Row = MailSuppressionRow & { id: string };

const COLUMNS: readonly Column<Row>[] = [
  { header: 'Address', cell: (row) => row.email ?? MESSAGES.mailAddressNotKept },
  { header: 'Why', cell: (row) => MESSAGES.suppressionScopes[row.reason] },
  { header: 'Since', cell: (row) => formatMoment(row.suppressed_at) },
];

type RowsPage = Omit<MailSuppressionPage, 'rows'> & { rows: Row[] };

const withIds = (page: MailSuppressionPage, number: number): RowsPage => ({
  ...page,
  rows: page.rows.map((row, index) => ({ ...row, id: `${number}-${index}` })),
});

/**
 * The addresses that bounced for good and the mailboxes that complained (console_mail_suppressions),
 * newest first, 50 a page, with how many of each and how many mails were not sent to them. For staff
 * only; the database logs no read of it.
 */
export function MailSuppressionsView({ query }: { query: ListQuery }) {
  return (
    <ListWithTotalsView
      query={query}
      label={MESSAGES.views.mail}
      title="Addresses the site no longer mails"
      lead={MESSAGES.mailLead}
      load={(number) => listMailSuppressions(number).then((page) => withIds(page, number))}
      holdsNothing={(page) => page.total === 0}
      nothing={MESSAGES.mailEmpty}
      totals={(page) =>
        MESSAGES.mailTotals(
          formatCount(page.total),
          formatCount(page.bounced),
          formatCount(page.complained),
          formatCount(page.suppressed_messages),
        )
      }
      caption="Addresses that bounced or marked our mail as spam"
      columns={COLUMNS}
    />
  );
}
