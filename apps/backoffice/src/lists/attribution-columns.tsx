import type { Attributed } from '../backend/console-types';
import { MESSAGES } from '../messages';
import type { Column } from './DataTable';

/** Where a row came from: the source the console groups by, and the first page of that visit. */
export function attributionColumns<Row extends Attributed>(): readonly Column<Row>[] {
  return [
    { header: 'Source', cell: (row) => row.source },
    { header: 'Landing page', cell: (row) => row.landing_path ?? MESSAGES.notRecorded },
  ];
}
