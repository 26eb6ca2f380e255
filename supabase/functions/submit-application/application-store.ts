import type { ServiceClient } from '../_shared/service-client.ts';
import { describeServiceError } from '../_shared/service-client.ts';
import type { ApplicationRow } from '../_shared/rules/application-fields.ts';
import type { ApplicationAttribution } from './application-attribution.ts';

export interface NewApplication extends ApplicationRow, ApplicationAttribution {
  resume_path: string | null;
  resume_filename: string | null;
}

export type InsertOutcome =
  | { status: 'inserted'; id: string }
  /** SQLSTATE 23505: an application for this mailbox exists. */
  | { status: 'duplicate' }
  | { status: 'failed'; reason: string };

export interface ApplicationStore {
  insert(application: NewApplication): Promise<InsertOutcome>;
}

/** Inserts with the service role: anon has no INSERT on general_applications any more. */
export function createApplicationStore(client: Pick<ServiceClient, 'from'>): ApplicationStore {
  return {
    async insert(application) {
      const { data, error } = await client
        .from('general_applications')
        .insert({ ...application, status: 'pending' })
        .select('id')
        .single();
      if (error) {
        return error.code === '23505'
          ? { status: 'duplicate' }
          : { status: 'failed', reason: describeServiceError(error) };
      }
      const id = (data as { id?: unknown } | null)?.id;
      return typeof id === 'string'
        ? { status: 'inserted', id }
        : { status: 'failed', reason: 'the insert returned no id' };
    },
  };
}
