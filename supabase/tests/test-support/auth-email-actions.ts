// Every email_action_type Supabase Auth's Send Email Hook may send: the Node and the Deno tests of
// send-auth-email hold the hook to answering each of them.
export const AUTH_EMAIL_ACTIONS = [
  'signup',
  'magiclink',
  'email',
  'recovery',
  'invite',
  'email_change',
  'reauthentication',
  'password_changed_notification',
] as const;
