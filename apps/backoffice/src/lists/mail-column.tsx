import type { MailDelivery, WithMail } from '../backend/console-types';
import { MESSAGES } from '../messages';
import type { Column } from './DataTable';

/** A row's mail in words: its state, and why its mailbox is mailed no more when it is. */
export function mailText(mail: MailDelivery | undefined): string {
  if (!mail) return MESSAGES.mailUnknown;
  const state = MESSAGES.mailStates[mail.state];
  if (!mail.suppressed || mail.state === mail.suppressed) return state;
  const reason = MESSAGES.suppressionReasons[mail.suppressed];
  return mail.state === 'suppressed' ? `${state}: ${reason}` : `${state}; no more mail: ${reason}`;
}

/** What became of the row's mail (console_mail_states). */
export function mailColumn<Row extends WithMail>(): Column<Row> {
  return { header: 'Mail', cell: (row) => mailText(row.mail) };
}
