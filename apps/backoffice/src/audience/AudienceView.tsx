import { CardTitle, Muted } from '@agentora/ui';
import { audienceOverview } from '../backend/console-api';
import type { AudienceListSummary } from '../backend/console-types';
import { useAsync } from '../backend/useAsync';
import { formatCount } from '../growth/conversion';
import { ViewStack } from '../layout/view-parts';
import { DataTable, type Column } from '../lists/DataTable';
import { formatMoment } from '../lists/dates';
import { LoadFailure } from '../lists/LoadFailure';
import { MESSAGES } from '../messages';

type Row = AudienceListSummary & { id: string };

const COLUMNS: readonly Column<Row>[] = [
  { header: 'List', cell: (row) => MESSAGES.views[row.list] },
  {
    header: 'Segment in Resend',
    cell: (row) =>
      row.segment_id
        ? `${row.name} (${row.segment_id})`
        : `${row.name}: ${row.segment_error ?? MESSAGES.audienceSegmentPending}`,
  },
  { header: 'Contacts', cell: (row) => formatCount(row.contacts) },
  { header: 'Waiting', cell: (row) => formatCount(row.waiting) },
  { header: 'Failed', cell: (row) => formatCount(row.failed) },
];

/**
 * Each list's segment in Resend (console_audience): the contacts the site made it hold, the changes
 * waiting and those that failed, with Resend's words, and the backfill's look at Resend. Staff only.
 */
export function AudienceView() {
  const [state, reload] = useAsync(audienceOverview, 'audience');
  return (
    <ViewStack aria-label={MESSAGES.views.audience}>
      <CardTitle as="h2">{MESSAGES.views.audience}</CardTitle>
      <Muted>{MESSAGES.audienceLead}</Muted>
      {state.status === 'loading' ? (
        <p role="status">{MESSAGES.audienceLoading}</p>
      ) : state.status === 'failed' ? (
        <LoadFailure error={state.error} onRetry={reload} />
      ) : (
        <>
          <p role="status">
            {MESSAGES.audienceTotals(
              formatCount(state.value.lists.reduce((sum, list) => sum + list.waiting, 0)),
              state.value.oldest_waiting && formatMoment(state.value.oldest_waiting),
            )}{' '}
            {state.value.scan.requested_at &&
              MESSAGES.audienceScan(
                formatCount(state.value.scan.pages),
                state.value.scan.done_at && formatMoment(state.value.scan.done_at),
                state.value.scan.gave_up,
              )}
          </p>
          <DataTable
            caption={MESSAGES.audienceCaption}
            columns={COLUMNS}
            rows={state.value.lists.map((list) => ({ ...list, id: list.list }))}
            rowLabel={(row) => row.list}
          />
          <h3>{MESSAGES.audienceFailures}</h3>
          {state.value.lists.every((list) => list.failures.length === 0) ? (
            <Muted>{MESSAGES.audienceNoFailures}</Muted>
          ) : (
            state.value.lists
              .filter((list) => list.failures.length > 0)
              .map((list) => (
                <section key={list.list} aria-label={MESSAGES.views[list.list]}>
                  <h4>{MESSAGES.views[list.list]}</h4>
                  <ul>
                    {list.failures.map((failure) => (
                      <li
                        key={failure.reason}
                      >{`${formatCount(failure.count)} × ${failure.reason}`}</li>
                    ))}
                  </ul>
                </section>
              ))
          )}
        </>
      )}
    </ViewStack>
  );
}
