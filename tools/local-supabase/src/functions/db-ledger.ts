import type { ThankYouLedger } from '../../../../supabase/functions/send-thank-you-email/types.ts';
import { asCaller, type Caller, type Database } from '../db/database.ts';

const SERVICE_ROLE: Caller = { role: 'service_role', claims: { role: 'service_role' } };

/**
 * The ledger for local runs: the same SQL functions the production ledger reaches through PostgREST,
 * called directly and, like production, with the service role's rights.
 */
export function createDatabaseLedger(database: Database): ThankYouLedger {
  return {
    claim: (type, email) =>
      asCaller(database, SERVICE_ROLE, async (db) => {
        const { rows } = await db.query<{ id: string | null }>(
          'select public.claim_thank_you_email($1, $2) as id',
          [type, email],
        );
        return rows[0].id;
      }),
    release: (type, claimId) =>
      asCaller(database, SERVICE_ROLE, async (db) => {
        await db.query('select public.release_thank_you_email($1, $2)', [type, claimId]);
      }),
  };
}
