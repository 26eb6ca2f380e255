import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import {
  contactEvent,
  memoryAudience,
  type Audience,
  type AudienceState,
  type ResendWebhookEvent,
  type WebhookEndpoint,
} from '@agentora/fake-resend';

/**
 * The local Resend's contacts and segments (its /resend serves them, docs/audience.md): kept in the
 * data dir beside the outbox, written whole after every change, so a restart of the server (`npm start`
 * again, or after kill -9) finds Resend as the database's sync left it; each change of a contact posts
 * Resend's contact event to `events` (this server's own resend-webhook).
 */
export function localAudience(
  file: string,
  events: Pick<WebhookEndpoint<ResendWebhookEvent>, 'schedule'>,
): Audience {
  return memoryAudience({
    restore: readState(file),
    onSave: (state) => {
      // Written aside and renamed, so a stop mid-write leaves the last whole state.
      writeFileSync(`${file}.tmp`, JSON.stringify(state));
      renameSync(`${file}.tmp`, file);
    },
    onChange: (change) => events.schedule([contactEvent(change)]),
  });
}

function readState(file: string): AudienceState | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as AudienceState;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
