import { describeServiceError, type ServiceClient } from '../_shared/service-client.ts';
import type { SignInToken } from '../_shared/rules/function-answers.ts';
import type { SignInCodeStore } from './handler.ts';

/** The two calls of supabase/schemas/staff-sign-in.sql, with the secret key. */
export function createRpcSignInCodeStore(client: Pick<ServiceClient, 'rpc'>): SignInCodeStore {
  const call = async (name: string, email: string, codeMac: string, client_: string | null) => {
    const { data, error } = await client.rpc(name, {
      p_email: email,
      p_code_mac: codeMac,
      p_client_address: client_,
    });
    if (error?.code === 'PT429') return { limited: true as const };
    if (error) throw new Error(`${name} failed: ${describeServiceError(error)}`);
    return { limited: false as const, data: data as unknown };
  };
  return {
    async requestCode(email, codeMac, clientAddress) {
      const answer = await call('console_request_sign_in_code', email, codeMac, clientAddress);
      if (answer.limited) return 'limited';
      if (typeof answer.data !== 'boolean')
        throw new Error('console_request_sign_in_code: no boolean');
      return answer.data;
    },
    async checkCode(email, codeMac, clientAddress) {
      const answer = await call('console_check_sign_in_code', email, codeMac, clientAddress);
      if (answer.limited) return 'limited';
      if (answer.data !== null && typeof answer.data !== 'string') {
        throw new Error('console_check_sign_in_code: neither an address nor null');
      }
      return answer.data;
    },
  };
}

interface GenerateLinkClient {
  auth: {
    admin: {
      generateLink(params: { type: 'magiclink'; email: string }): Promise<{
        data: { properties: { hashed_token: string; verification_type: string } | null };
        error: unknown;
      }>;
    };
  };
}

/**
 * Auth's admin generate_link for a staff member's Auth address: a one-time token hash, mailed to nobody
 * and spending none of Auth's mail limits. An address Auth does not know yet becomes a user, and its
 * token is a sign-up's; else a magic link's.
 */
export function authSignInToken(client: GenerateLinkClient) {
  return async (authEmail: string): Promise<SignInToken> => {
    const { data, error } = await client.auth.admin.generateLink({
      type: 'magiclink',
      email: authEmail,
    });
    const properties = data?.properties;
    if (error || !properties) {
      throw new Error(`generate_link failed: ${describeServiceError(error)}`);
    }
    const type = properties.verification_type;
    if (type !== 'magiclink' && type !== 'signup') {
      throw new Error(`generate_link answered a ${type} token`);
    }
    return { tokenHash: properties.hashed_token, type };
  };
}
