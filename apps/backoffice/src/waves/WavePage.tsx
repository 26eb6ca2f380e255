import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, CardTitle, Muted, StatusBanner, TextField } from '@agentora/ui';
import { LAUNCH_WAVES } from '@agentora/data/console-lists';
import { cancelWave, getWave, setWaveReminder } from '../backend/console-api';
import type { WaveDetail, WaveFunnel } from '../backend/console-types';
import { useAsync } from '../backend/useAsync';
import { formatCount } from '../growth/conversion';
import { Totals, ViewStack } from '../layout/view-parts';
import { DataTable } from '../lists/DataTable';
import { formatMoment } from '../lists/dates';
import { LoadFailure } from '../lists/LoadFailure';
import { MESSAGES } from '../messages';
import { WaveChart } from './WaveChart';
import { runningTotals, WAVE_SERIES, WAVE_SERIES_LABELS } from './wave-series';
import { decisionText, ruleText } from './wave-text';
import { reminderText } from './WavesView';

const Row = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: ${({ theme }) => theme.space.md};
`;

const FUNNEL: readonly [keyof WaveFunnel, string][] = [
  ['invited', 'Invited'],
  ['queued', 'Mail queued'],
  ['mailed', 'Mailed'],
  ['delivered', 'Delivered'],
  ['bounced', 'Bounced'],
  ['complained', 'Marked as spam'],
  ['failed', 'Mail failed'],
  ['joined', 'Joined'],
  ['expired', 'Link expired'],
  ['reminded', 'Reminded'],
];

/** Who made the wave and when it started, was cancelled or is to start. */
function timesText(wave: WaveDetail): string {
  const made = `Made by ${wave.created_by}, ${formatMoment(wave.created_at)}.`;
  if (wave.status === 'cancelled')
    return `${made} Cancelled by ${wave.cancelled_by}, ${formatMoment(wave.cancelled_at)}.`;
  if (wave.status === 'scheduled') return `${made} Starts ${formatMoment(wave.starts_at)}.`;
  return `${made} Started ${formatMoment(wave.started_at)}.`;
}

/** One wave: what it asked for and found, its funnel, its course over time, cancel and reminder. */
export function WavePage({ id }: { id: number }) {
  const [state, reload] = useAsync(() => getWave(id), String(id));
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [reminder, setReminder] = useState<string>();

  async function act(action: () => Promise<unknown>, done: string) {
    setNotice(undefined);
    try {
      await action();
      setNotice({ tone: 'success', text: done });
      reload();
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  }

  if (state.status === 'loading') return <p role="status">Loading…</p>;
  if (state.status === 'failed') return <LoadFailure error={state.error} onRetry={reload} />;
  const wave = state.value;
  const points = [...wave.series.points].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const days = reminder ?? (wave.remind_after_days ? String(wave.remind_after_days) : '');
  return (
    <ViewStack aria-label={`Wave ${wave.id}`}>
      <Link to={{ search: '?view=waves' }}>{MESSAGES.waves.back}</Link>
      <CardTitle as="h2">{`Wave ${wave.id}: ${ruleText(wave)}`}</CardTitle>
      <Muted>{`${MESSAGES.waves.statuses[wave.status]}. ${timesText(wave)}`}</Muted>
      {wave.outcome?.skipped && (
        <p>{decisionText(wave.outcome as Parameters<typeof decisionText>[0], 'did')}</p>
      )}
      {notice && <StatusBanner tone={notice.tone}>{notice.text}</StatusBanner>}
      <Totals aria-label="Funnel">
        {FUNNEL.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{formatCount(wave.funnel[key])}</dd>
          </div>
        ))}
      </Totals>
      {points.length > 0 && (
        <>
          <WaveChart times={points.map((point) => point.at)} totals={runningTotals(points)} />
          <DataTable
            caption={`The wave's invitations per ${wave.series.bucket} (UTC)`}
            columns={[
              {
                header: wave.series.bucket === 'day' ? 'Day' : 'From',
                cell: (row) => formatMoment(row.at),
              },
              ...WAVE_SERIES.map((series) => ({
                header: WAVE_SERIES_LABELS[series],
                cell: (row: (typeof points)[number] & { id: string }) => formatCount(row[series]),
              })),
            ]}
            rows={points.map((point) => ({ ...point, id: point.at }))}
            rowLabel={(row) => row.at}
          />
        </>
      )}
      {wave.status === 'scheduled' && (
        <div>
          <Button
            variant="secondary"
            onClick={() => void act(() => cancelWave(wave.id), MESSAGES.waves.cancelled(wave.id))}
          >
            {MESSAGES.waves.cancel}
          </Button>
        </div>
      )}
      {wave.status !== 'cancelled' && !wave.reminded_at && (
        <Row
          aria-label="Reminder"
          onSubmit={(event) => {
            event.preventDefault();
            const value = days.trim() === '' ? null : Number(days);
            void act(() => setWaveReminder(wave.id, value), MESSAGES.waves.reminderSaved);
          }}
        >
          <TextField
            label="Remind after (days)"
            hint={`${MESSAGES.waves.reminderHint} Empty for none.`}
            inputMode="numeric"
            value={days}
            maxLength={String(LAUNCH_WAVES.reminderDays.max).length}
            onChange={(event) => setReminder(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            Save reminder
          </Button>
        </Row>
      )}
      {wave.reminded_at && <p>{`Reminder: ${reminderText(wave)}.`}</p>}
    </ViewStack>
  );
}
