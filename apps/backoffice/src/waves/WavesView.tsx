import { Link } from 'react-router-dom';
import { CardTitle, Muted } from '@agentora/ui';
import { listWaves } from '../backend/console-api';
import type { WaveRow } from '../backend/console-types';
import { useAsync } from '../backend/useAsync';
import { formatCount } from '../growth/conversion';
import { ViewStack } from '../layout/view-parts';
import type { Column } from '../lists/DataTable';
import { formatMoment } from '../lists/dates';
import { writeListQuery, type ListQuery } from '../lists/list-query';
import { ListPage } from '../lists/ListPage';
import { useListQuery } from '../lists/useListQuery';
import { MESSAGES } from '../messages';
import { waveSearch } from './wave-address';
import { ruleText } from './wave-text';
import { WaveForm } from './WaveForm';

type Row = Omit<WaveRow, 'id'> & { id: string; wave: number };

/** A wave's reminder in a word: when it goes, that it went, or none. */
export function reminderText(wave: Pick<WaveRow, 'remind_after_days' | 'reminded_at'>): string {
  if (wave.reminded_at) return `Sent ${formatMoment(wave.reminded_at)}`;
  return wave.remind_after_days ? `After ${wave.remind_after_days} days` : '—';
}

const COLUMNS: readonly Column<Row>[] = [
  {
    header: 'Wave',
    cell: (row) => <Link to={{ search: waveSearch(row.wave) }}>{`Wave ${row.wave}`}</Link>,
  },
  { header: 'Who', cell: ruleText },
  { header: 'Status', cell: (row) => MESSAGES.waves.statuses[row.status] },
  { header: 'Starts', cell: (row) => formatMoment(row.started_at ?? row.starts_at) },
  { header: 'By', cell: (row) => row.created_by },
  { header: 'Invited', cell: (row) => formatCount(row.funnel.invited) },
  { header: 'Mailed', cell: (row) => formatCount(row.funnel.mailed) },
  { header: 'Delivered', cell: (row) => formatCount(row.funnel.delivered) },
  { header: 'Bounced', cell: (row) => formatCount(row.funnel.bounced) },
  { header: 'Joined', cell: (row) => formatCount(row.funnel.joined) },
  { header: 'Reminder', cell: reminderText },
];

/** Launch waves: a new wave's form (a dry run first), and every wave with its funnel, newest first. */
export function WavesView({ query }: { query: ListQuery }) {
  const [, update] = useListQuery();
  const [state, reload] = useAsync(
    () =>
      listWaves(query.page).then((page) => ({
        ...page,
        rows: page.rows.map((wave) => ({ ...wave, id: String(wave.id), wave: wave.id })),
      })),
    writeListQuery(query),
  );
  return (
    <ViewStack aria-label={MESSAGES.views.waves}>
      <CardTitle as="h2">{MESSAGES.views.waves}</CardTitle>
      <Muted>{MESSAGES.waves.lead}</Muted>
      <WaveForm onSent={reload} />
      {state.status === 'done' && state.value.total === 0 ? (
        <p role="status">{MESSAGES.waves.empty}</p>
      ) : (
        <ListPage
          state={state}
          reload={reload}
          query={query}
          onPage={(page) => update({ ...query, page })}
          caption="Launch waves"
          columns={COLUMNS}
          rowLabel={(row) => `Wave ${row.wave}`}
        />
      )}
    </ViewStack>
  );
}
