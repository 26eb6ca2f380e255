import { Badge, Muted } from '@agentora/ui';
import { listReferrals } from '../backend/console-api';
import type { Page, ReferralRow } from '../backend/console-types';
import { useAsync } from '../backend/useAsync';
import type { Column } from '../lists/DataTable';
import { FilterBar } from '../lists/FilterBar';
import { writeListQuery, type ListQuery } from '../lists/list-query';
import { ListPage } from '../lists/ListPage';
import { useListQuery } from '../lists/useListQuery';
import { MESSAGES } from '../messages';
import { formatCount, rangeText } from './conversion';
import { ViewStack } from '../layout/view-parts';

type Row = ReferralRow & { id: string };

const LIST_NAMES: Record<ReferralRow['list'], string> = {
  early_access: MESSAGES.views.early_access,
  waitlist: MESSAGES.views.waitlist,
};

const HOLDS: readonly [keyof ReferralRow, string][] = [
  ['held_self', 'self-referral'],
  ['held_address_cap', 'per-address cap'],
  ['held_code_cap', 'per-code cap'],
  ['held_disposable', 'disposable address'],
];

/** How many referrals earned nothing, and why ('0' when none). */
export function heldText(row: ReferralRow): string {
  const parts = HOLDS.filter(([key]) => Number(row[key]) > 0).map(
    ([key, label]) => `${label} ${formatCount(Number(row[key]))}`,
  );
  const total = HOLDS.reduce((sum, [key]) => sum + Number(row[key]), 0);
  return parts.length === 0 ? '0' : `${formatCount(total)} (${parts.join(', ')})`;
}

const REASONS: Record<ReferralRow['suspected_because'][number], string> = MESSAGES.suspectedReasons;

const COLUMNS: readonly Column<Row>[] = [
  { header: 'List', cell: (row) => LIST_NAMES[row.list] },
  { header: 'Referrer', cell: (row) => row.email ?? MESSAGES.erased },
  { header: 'Code', cell: (row) => <code>{row.referral_code}</code> },
  { header: 'Place', cell: (row) => (row.place === null ? '—' : `#${formatCount(row.place)}`) },
  { header: 'Referred', cell: (row) => formatCount(row.referred) },
  { header: 'Confirmed', cell: (row) => formatCount(row.confirmed) },
  { header: 'Credited', cell: (row) => formatCount(row.credited) },
  { header: 'Held', cell: heldText },
  { header: 'Unconfirmed', cell: (row) => formatCount(row.unconfirmed) },
  {
    header: 'Suspected farming',
    cell: (row) =>
      row.suspected ? (
        <Badge $tone="accent">{`Suspected: ${row.suspected_because.map((reason) => REASONS[reason]).join(', ')}`}</Badge>
      ) : (
        'No'
      ),
  },
];

const withIds = (page: Page<ReferralRow>): Page<Row> => ({
  ...page,
  rows: page.rows.map((row) => ({ ...row, id: `${row.list} ${row.referral_code}` })),
});

/** The referral codes with referred sign-ups in the days of the filter, suspected farming flagged. */
export function ReferralsView({ query }: { query: ListQuery }) {
  const [, update] = useListQuery();
  const [state, reload] = useAsync(() => listReferrals(query).then(withIds), writeListQuery(query));
  return (
    <ViewStack aria-label={MESSAGES.views.referrals}>
      <FilterBar key="referrals" query={query} onApply={update} />
      <Muted>{MESSAGES.referralsLead}</Muted>
      {state.status === 'done' && state.value.rows.length === 0 ? (
        <p role="status">{MESSAGES.referralsEmpty}</p>
      ) : (
        <ListPage
          state={state}
          reload={reload}
          query={query}
          onPage={(page) => update({ ...query, page })}
          caption={`Referral codes ${query.suspected ? 'suspected of farming' : 'with referrals'}, ${rangeText(query.from || null, query.to || null)}`}
          columns={COLUMNS}
        />
      )}
    </ViewStack>
  );
}
