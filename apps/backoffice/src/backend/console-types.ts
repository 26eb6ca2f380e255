// What the console's database functions answer (supabase/migrations, the console's migration): one
// place for their shapes, read by the API calls and the views.

import type { ApplicationStatus, SignupForm } from '@agentora/data/console-lists';

export {
  APPLICATION_STATUSES,
  SIGNUP_FORMS,
  type ApplicationStatus,
  type SignupForm,
} from '@agentora/data/console-lists';

/** The moves the workflow allows from each status (the database checks them again). */
export const NEXT_STATUSES: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  pending: ['reviewing', 'rejected', 'withdrawn'],
  reviewing: ['interviewing', 'rejected', 'withdrawn'],
  interviewing: ['offer', 'rejected', 'withdrawn'],
  offer: [],
  rejected: [],
  withdrawn: [],
};

export interface SignupRow {
  id: string;
  email: string;
  created_at: string;
  confirmed_at: string | null;
  // The waitlist's own fields (null on the other lists).
  first_name?: string | null;
  last_name?: string | null;
  company?: string | null;
  role?: string | null;
  company_size?: string | null;
  use_case?: string | null;
  hear_about?: string | null;
  invited_at?: string | null;
}

export interface ApplicationRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  created_at: string;
  status: ApplicationStatus;
  current_role: string | null;
  location: string | null;
  resume_filename: string | null;
}

export interface Page<Row> {
  total: number;
  rows: Row[];
}

export interface DayCount {
  day: string;
  form: SignupForm | 'career';
  count: number;
}

export interface StatusChange {
  from_status: ApplicationStatus | null;
  to_status: ApplicationStatus;
  note: string | null;
  changed_by: string;
  changed_at: string;
}

/** Every field of an application, as the applicant sent it, and its status history. */
export interface ApplicationDetail extends Record<string, unknown> {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  status: ApplicationStatus;
  created_at: string;
  resume_filename: string | null;
  history: StatusChange[];
}

export interface Whoami {
  email: string | null;
  staff: boolean;
}
