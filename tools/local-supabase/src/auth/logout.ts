import type { RequestContext } from '../http/context.ts';
import { sendEmpty } from '../http/reply.ts';
import type { AuthServices } from './auth-services.ts';
import { bearerUser } from './bearer-user.ts';
import { authErrors } from './errors.ts';
import { deleteSessions } from './sessions.ts';

const SCOPES: ReadonlyMap<string, 'global' | 'local' | 'others'> = new Map([
  ['', 'global'],
  ['global', 'global'],
  ['local', 'local'],
  ['others', 'others'],
]);

/**
 * POST /auth/v1/logout?scope=global|local|others: ends the user's sessions (every one, this one, or all
 * but this one) and with them their refresh tokens; 204. Access tokens already issued stay valid until
 * they expire, as on hosted Supabase, except at /auth/v1/user, which finds their session gone.
 */
export async function handleLogout(ctx: RequestContext, services: AuthServices): Promise<void> {
  const { user, session } = await bearerUser(ctx.req.headers, services);
  const requested = ctx.url.searchParams.get('scope') ?? '';
  const scope = SCOPES.get(requested);
  if (!scope) throw authErrors.validation(`Unsupported logout scope ${JSON.stringify(requested)}`);
  await services.database.transaction((db) =>
    // A token without a session (minted with the legacy secret) can only sign out everywhere.
    deleteSessions(db, session ? scope : 'global', { id: session?.id ?? '', user_id: user.id }),
  );
  sendEmpty(ctx.res, 204);
}
