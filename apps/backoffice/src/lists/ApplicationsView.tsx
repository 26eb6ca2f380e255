import { Link } from 'react-router-dom';
import { listApplications } from '../backend/console-api';
import type { ApplicationRow } from '../backend/console-types';
import { useAsync } from '../backend/useAsync';
import { applicationSearch } from '../applications/application-address';
import { ExportButton } from '../export/ExportButton';
import { MESSAGES } from '../messages';
import { attributionColumns } from './attribution-columns';
import type { Column } from './DataTable';
import { formatMoment } from './dates';
import { mailColumn } from './mail-column';
import { FilterBar } from './FilterBar';
import { writeListQuery, type ListViewQuery } from './list-query';
import { ListPage } from './ListPage';
import { useListQuery } from './useListQuery';
import { ViewStack } from '../layout/view-parts';

const COLUMNS: readonly Column<ApplicationRow>[] = [
  {
    header: 'Applicant',
    cell: (row) => (
      <Link to={{ search: applicationSearch(row.id) }}>{`${row.first_name} ${row.last_name}`}</Link>
    ),
  },
  { header: 'Email', cell: (row) => row.email },
  { header: 'Applied', cell: (row) => formatMoment(row.created_at) },
  { header: 'Status', cell: (row) => row.status },
  { header: 'Current role', cell: (row) => row.current_role ?? '—' },
  { header: 'Location', cell: (row) => row.location ?? '—' },
  { header: 'Résumé', cell: (row) => row.resume_filename ?? '—' },
  ...attributionColumns<ApplicationRow>(),
  mailColumn<ApplicationRow>(),
];

/** The applications: filters, export, a page of rows, each opening the application's page. */
export function ApplicationsView({ query }: { query: ListViewQuery }) {
  const [, update] = useListQuery();
  const [state, reload] = useAsync(() => listApplications(query), writeListQuery(query));
  return (
    <ViewStack aria-label={MESSAGES.views.applications}>
      <FilterBar key="applications" query={query} onApply={update} />
      <div>
        <ExportButton query={query} />
      </div>
      <ListPage
        state={state}
        reload={reload}
        query={query}
        onPage={(page) => update({ ...query, page })}
        caption="Applications"
        columns={COLUMNS}
      />
    </ViewStack>
  );
}
