import type { TestDatabase } from '@agentora/local-supabase/testing';
import { LIST_TABLES, type AudienceList } from './audience.ts';

// The audience's queue below the HTTP layer: members stored and confirmed in SQL, and a worker played
// by the test, which takes each step (public.take_audience_change) and settles it with the answer it
// chooses, as sync-audience would after asking Resend.

export type Row = Record<string, unknown>;

export interface Taken {
  lease: string;
  step: Row & { op: string };
  attempts: number;
}

export function audienceDb(db: TestDatabase) {
  const service = (sql: string, values: unknown[] = []) => db.as('service_role', sql, values);

  return {
    /** A sign-up of the list, confirmed unless told; its id. */
    async member(list: AudienceList, email: string, confirmed = true): Promise<string> {
      const { rows } = await service(
        `insert into public.${LIST_TABLES[list]} (email, ${list === 'waitlist' ? 'first_name, last_name, company, ' : ''}confirmed_at)
         values ($1, ${list === 'waitlist' ? "'Ada', 'Lovelace', 'Engines', " : ''}${confirmed ? 'now()' : 'null'})
         returning id`,
        [email],
      );
      return rows[0].id as string;
    },
    async confirm(list: AudienceList, id: string): Promise<void> {
      await service(`update public.${LIST_TABLES[list]} set confirmed_at = now() where id = $1`, [
        id,
      ]);
    },
    /** The unsubscribe a list's link makes. */
    async unsubscribe(list: AudienceList, id: string): Promise<void> {
      await db.asSuperuser('select private.unsubscribe_from_list($1, $2)', [list, id]);
    },
    /** The next step, or null (settling rows that need nothing on the way). */
    async take(): Promise<Taken | null> {
      for (;;) {
        const { rows } = await service('select public.take_audience_change(60) as taken');
        const taken = rows[0].taken as (Taken & { more?: boolean }) | null;
        if (!taken?.more) return taken;
      }
    },
    async settle(
      lease: string,
      outcome: string,
      result: Row | null = null,
      detail: string | null = null,
      delayMs: number | null = null,
    ): Promise<string | null> {
      const { rows } = await service(
        'select public.settle_audience_change($1, $2, $3::jsonb, $4, $5) as status',
        [lease, outcome, result === null ? null : JSON.stringify(result), detail, delayMs],
      );
      return rows[0].status as string | null;
    },
    /** The contact row of an address (its fingerprint lower-cased, as the site keys it). */
    async contactRow(email: string): Promise<Row | undefined> {
      const { rows } = await db.asSuperuser(
        `select * from public.audience_contacts where address_sha256 = private.address_sha256($1)`,
        [email],
      );
      return rows[0];
    },
    async count(table = 'public.audience_contacts'): Promise<number> {
      const { rows } = await db.asSuperuser(`select count(*)::integer as n from ${table}`);
      return rows[0].n as number;
    },
    /** Sets each list's segment, as found or made. */
    async segments(ids: Partial<Record<AudienceList, string>>): Promise<void> {
      for (const [list, id] of Object.entries(ids)) {
        await db.asSuperuser(
          'update public.audience_segments set segment_id = $2 where list = $1',
          [list, id],
        );
      }
    },
    /** Makes every due row's time come (a backoff, a throttle). */
    async due(): Promise<void> {
      await db.asSuperuser(
        'update public.audience_contacts set available_at = now() where status = $1',
        ['queued'],
      );
    },
    async reset(): Promise<void> {
      for (const table of [
        'public.audience_contacts',
        'public.email_suppressions',
        'public.mail_suppressions',
        'public.mail_queue',
        'private.resend_webhook_ids',
        'public.early_access_signups',
        'public.newsletter_subscriptions',
        'public.waitlist_signups',
      ]) {
        await db.asSuperuser(`delete from ${table}`);
      }
      await db.asSuperuser(
        `update public.audience_segments set segment_id = null, looked_up_at = null, lease = null,
                leased_until = null, attempts = 0, available_at = now(), last_error = null`,
      );
      await db.asSuperuser(
        `update public.audience_scan set requested_at = null, started_at = null, cursor = null,
                pages = 0, done_at = null, gave_up = false, lease = null, leased_until = null,
                attempts = 0, available_at = now(), last_error = null`,
      );
      await db.asSuperuser(`update public.mail_send_pace set next_send_at = '-infinity'`);
    },
  };
}

export type AudienceDb = ReturnType<typeof audienceDb>;
