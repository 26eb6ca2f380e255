import { CardTitle, Muted } from '@agentora/ui';
import { listMailSuppressions } from '../backend/console-api';
import type { MailSuppressionPage, MailSuppressionRow } from '../backend/console-types';
import { useAsync } from '../backend/useAsync';
import { formatCount } from '../growth/conversion';
import { ViewStack } from '../layout/view-parts';
import type { Column } from '../lists/DataTable';
import { formatMoment } from '../lists/dates';
import { writeListQuery, type ListQuery } from '../lists/list-query';
import { ListPage } from '../lists/ListPage';
import { useListQuery } from '../lists/useListQuery';
import { MESSAGES } from '../messages';

type Row = MailSuppressionRow & { id: string };

const COLUMNS: readonly Column<Row>[] = [
  { header: 'Address', cell: (row) => row.email ?? MESSAGES.erased },
  {
    header: 'Why',
    cell: (row) =>
      row.reason === 'bounced' ? MESSAGES.mailStates.bounced : MESSAGES.mailStates.complained,
  },
  { header: 'Since', cell: (row) => formatMoment(row.suppressed_at) },
];

type RowsPage = Omit<MailSuppressionPage, 'rows'> & { rows: Row[] };

const withIds = (page: MailSuppressionPage, number: number): RowsPage => ({
  ...page,
  rows: page.rows.map((row, index) => ({ ...row, id: `${number}-${index}` })),
});

/**
 * The mailboxes that bounced for good or complained (console_mail_suppressions), newest first, 50 a
 * page, with how many of each and how many mails were not sent to them. For staff only; the database
 * logs no read of it.
 */
export function MailSuppressionsView({ query }: { query: ListQuery }) {
  const [, update] = useListQuery();
  const [state, reload] = useAsync(
    () => listMailSuppressions(query.page).then((page) => withIds(page, query.page)),
    writeListQuery(query),
  );
  return (
    <ViewStack aria-label={MESSAGES.views.mail}>
      <CardTitle as="h2">Addresses the site no longer mails</CardTitle>
      <Muted>{MESSAGES.mailLead}</Muted>
      {state.status === 'done' && state.value.total === 0 && query.page === 1 ? (
        <p role="status">{MESSAGES.mailEmpty}</p>
      ) : (
        <>
          {state.status === 'done' && (
            <p>
              {MESSAGES.mailTotals(
                formatCount(state.value.total),
                formatCount(state.value.bounced),
                formatCount(state.value.complained),
                formatCount(state.value.suppressed_messages),
              )}
            </p>
          )}
          <ListPage
            state={state}
            reload={reload}
            query={query}
            onPage={(page) => update({ ...query, page })}
            caption="Addresses that bounced or marked our mail as spam"
            columns={COLUMNS}
          />
        </>
      )}
    </ViewStack>
  );
}
