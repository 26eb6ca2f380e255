import { useState } from 'react';
import styled from 'styled-components';
import { CardTitle, Muted } from '@agentora/ui';
import { growth } from '../backend/console-api';
import type { GrowthReport, SourceCounts } from '../backend/console-types';
import { useAsync } from '../backend/useAsync';
import { DataTable, type Column } from '../lists/DataTable';
import { FilterBar } from '../lists/FilterBar';
import type { ListQuery } from '../lists/list-query';
import { LoadFailure } from '../lists/LoadFailure';
import { useListQuery } from '../lists/useListQuery';
import { MESSAGES } from '../messages';
import { lastDays } from '../overview/per-day-series';
import { conversion, formatCount, rangeText } from './conversion';
import { Totals, ViewStack } from '../layout/view-parts';

/** The days shown when the address names none, as on the overview. */
const DEFAULT_DAYS = 30;

const FlushTotals = styled(Totals)`
  margin: 0;
`;

type Counted = Pick<SourceCounts, 'signups' | 'confirmed'> & { landings: number };

/** The sign-up columns every table of this view ends with. */
function signupColumns<Row extends Counted>(): readonly Column<Row>[] {
  return [
    { header: 'Landings', cell: (row) => formatCount(row.landings) },
    { header: 'Sign-ups', cell: (row) => formatCount(row.signups) },
    { header: 'Confirmed', cell: (row) => formatCount(row.confirmed) },
    { header: 'Conversion', cell: (row) => conversion(row.signups, row.landings) },
  ];
}

type SourceRow = SourceCounts & { id: string };
type DayRow = SourceCounts & { id: string; day: string };
type PageRow = GrowthReport['landing_pages'][number] & { id: string };

const SOURCE_COLUMNS: readonly Column<SourceRow>[] = [
  { header: 'Source', cell: (row) => row.source },
  { header: 'Page views', cell: (row) => formatCount(row.views) },
  ...signupColumns<SourceRow>(),
];

const PAGE_COLUMNS: readonly Column<PageRow>[] = [
  { header: 'Landing page', cell: (row) => row.path ?? MESSAGES.notRecorded },
  ...signupColumns<PageRow>(),
];

const DAY_COLUMNS: readonly Column<DayRow>[] = [
  { header: 'Day', cell: (row) => row.day },
  { header: 'Source', cell: (row) => row.source },
  { header: 'Page views', cell: (row) => formatCount(row.views) },
  { header: 'Landings', cell: (row) => formatCount(row.landings) },
  { header: 'Sign-ups', cell: (row) => formatCount(row.signups) },
  { header: 'Confirmed', cell: (row) => formatCount(row.confirmed) },
];

const sum = (rows: readonly Counted[], key: keyof Counted) =>
  rows.reduce((total, row) => total + row[key], 0);

/**
 * Where visitors come from and which of them sign up: per source, per landing page and per day and
 * source, over the days of the filter (the last 30 by default). Conversion is sign-ups per landing.
 */
export function SourcesView({ query }: { query: ListQuery }) {
  const [, update] = useListQuery();
  const [fallback] = useState(() => lastDays(new Date(), DEFAULT_DAYS));
  const range =
    query.from || query.to ? { from: query.from || null, to: query.to || null } : fallback;
  const [state, reload] = useAsync(
    () => growth(range.from, range.to),
    `${range.from ?? ''}/${range.to ?? ''}`,
  );
  const filters = { ...query, from: range.from ?? '', to: range.to ?? '' };

  return (
    <ViewStack aria-label={MESSAGES.views.sources}>
      <FilterBar key={`sources ${filters.from} ${filters.to}`} query={filters} onApply={update} />
      <CardTitle as="h2">{`Visits and sign-ups by source, ${rangeText(range.from, range.to)} (UTC)`}</CardTitle>
      <Muted>{MESSAGES.sourcesLead}</Muted>
      {state.status === 'loading' ? (
        <p role="status">Loading…</p>
      ) : state.status === 'failed' ? (
        <LoadFailure error={state.error} onRetry={reload} />
      ) : state.value.sources.length === 0 ? (
        <p role="status">{MESSAGES.sourcesEmpty}</p>
      ) : (
        <Report report={state.value} />
      )}
    </ViewStack>
  );
}

function Report({ report }: { report: GrowthReport }) {
  const sources = report.sources.map((row) => ({ ...row, id: row.source }));
  const pages = report.landing_pages.map((row) => ({ ...row, id: row.path ?? '' }));
  const days = report.per_day.map((row) => ({ ...row, id: `${row.day} ${row.source}` }));
  const landings = sum(sources, 'landings');
  const signups = sum(sources, 'signups');
  return (
    <>
      <FlushTotals aria-label="Totals">
        <div>
          <dt>Page views</dt>
          <dd>{formatCount(sources.reduce((total, row) => total + row.views, 0))}</dd>
        </div>
        <div>
          <dt>Landings</dt>
          <dd>{formatCount(landings)}</dd>
        </div>
        <div>
          <dt>Sign-ups</dt>
          <dd>{formatCount(signups)}</dd>
        </div>
        <div>
          <dt>Confirmed</dt>
          <dd>{formatCount(sum(sources, 'confirmed'))}</dd>
        </div>
        <div>
          <dt>Conversion</dt>
          <dd>{conversion(signups, landings)}</dd>
        </div>
      </FlushTotals>
      <CardTitle as="h3">Per source</CardTitle>
      <DataTable
        caption="Visits, sign-ups and conversion per source"
        columns={SOURCE_COLUMNS}
        rows={sources}
        rowLabel={(row) => row.source}
      />
      <CardTitle as="h3">Per landing page</CardTitle>
      <DataTable
        caption="Landings, sign-ups and conversion per landing page"
        columns={PAGE_COLUMNS}
        rows={pages}
        rowLabel={(row) => row.path ?? MESSAGES.notRecorded}
      />
      <CardTitle as="h3">Per day and source</CardTitle>
      <DataTable
        caption="Visits and sign-ups per day and source"
        columns={DAY_COLUMNS}
        rows={days}
        rowLabel={(row) => row.id}
      />
    </>
  );
}
