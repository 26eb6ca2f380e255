import type { AudienceMembership, WithAudience } from '../backend/console-types';
import { MESSAGES } from '../messages';
import type { Column } from '../lists/DataTable';

/** Whether Resend has a confirmed row's contact, in words; why, when it failed. */
export function audienceText(audience: AudienceMembership | undefined): string {
  if (!audience) return MESSAGES.mailUnknown;
  const state = MESSAGES.audienceStates[audience.state];
  return audience.state === 'failed' && audience.reason ? `${state}: ${audience.reason}` : state;
}

/** Whether Resend has the row (console_audience_states); — for an unconfirmed row. */
export function audienceColumn<Row extends WithAudience>(): Column<Row> {
  return { header: 'Resend', cell: (row) => audienceText(row.audience) };
}
