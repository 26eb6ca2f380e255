import type { SignupRefusal, SignupResult } from '@agentora/data';

/** What the one sign-up call (signUp in @agentora/data) answers; its own tests run against the real backend. */
export const stored = (mailed = true): SignupResult => ({ ok: true, mailed });
export const refused = (reason: SignupRefusal): SignupResult => ({ ok: false, reason });

/** The token the fake widget (@agentora/forms/testing) hands the forms in these tests. */
export const WIDGET_TOKEN = 'token-from-the-widget';
