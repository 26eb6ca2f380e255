// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (_shared/entry/function-setup.ts starts it).
// The product's server calls it with the project's secret key (docs/launch-waves.md); nobody else may.
// It needs MAIL_LINK_SECRET, with which the invitations' tokens are made, and refuses to start without.
import { setUpFunction } from '../_shared/entry/function-setup.ts';
import { mailLinkSecretOf } from '../_shared/environment.ts';
import { requireSecretKey } from '../_shared/http/api-key.ts';
import { createRedeemInviteHandler } from './handler.ts';
import { createRpcInvitationStore } from './invitation-store.ts';

const { env, supabase } = setUpFunction('redeem-invite');

Deno.serve(
  requireSecretKey(
    env.secretKeys,
    createRedeemInviteHandler({
      invitations: createRpcInvitationStore(supabase),
      linkSecret: mailLinkSecretOf(env, 'redeem-invite'),
    }),
  ),
);
