import { lazySupabaseClient } from '@agentora/data';

/** Where the staff session is kept in the browser (sessionStorage), apart from anything of the site's. */
export const SESSION_STORAGE_KEY = 'agentora-console-session';

/**
 * The console's own Supabase client. Unlike the site's (which never signs in), it keeps the staff
 * session and refreshes it: in sessionStorage, so a reload stays signed in but the session ends with
 * the tab, and no other tab of the site (whatever code it runs) finds it lying in localStorage.
 * supabase-js is loaded with the console, never by a visitor's page.
 */
export const getConsoleClient = lazySupabaseClient(() => ({
  storageKey: SESSION_STORAGE_KEY,
  storage: window.sessionStorage,
  persistSession: true,
  autoRefreshToken: true,
  detectSessionInUrl: false,
}));
