import { tokenHash } from '../../functions/_shared/tokens/email-token.ts';
import { inviteToken } from '../../functions/_shared/tokens/invite-token.ts';
import { createRedeemInviteHandler, REFUSALS } from '../../functions/redeem-invite/handler.ts';
import { toRedemption, type Redemption } from '../../functions/redeem-invite/invitation-store.ts';

// redeem-invite's handler with a fake store (docs/launch-waves.md, "For the product team"): which answer
// each redemption gets, that a forged token is told from an unknown one by the secret, and that what
// the database answers is checked. invitations.test.ts calls the function through the real server.

const SECRET = 'a-test-secret-of-at-least-32-characters';
const MESSAGE = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const INVITATION = {
  email: 'grace@example.com',
  list: 'early_access' as const,
  place: 312,
  wave: 4,
  invited_at: '2026-12-01T10:00:00Z',
  expires_at: '2026-12-31T10:00:00Z',
  redeemed_at: '2026-12-02T09:00:00Z',
};

function handlerAnswering(redemption: Redemption | Error) {
  const asked: string[] = [];
  const handler = createRedeemInviteHandler({
    linkSecret: SECRET,
    invitations: {
      redeem: async (hash) => {
        asked.push(hash);
        if (redemption instanceof Error) throw redemption;
        return redemption;
      },
    },
    logError: () => undefined,
  });
  const post = async (body: unknown, headers: Record<string, string> = {}) => {
    const answer = await handler(
      new Request('https://functions.test/redeem-invite', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    );
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('cache-control')).toBe('no-store');
    return { status: answer.status, body: await answer.json() };
  };
  return { post, asked };
}

it('answers the invitation once, asking the database by the SHA-256 of the token alone', async () => {
  const { token } = await inviteToken(SECRET, MESSAGE);
  const { post, asked } = handlerAnswering({ result: 'redeemed', invitation: INVITATION });
  expect(await post({ token })).toEqual({
    status: 200,
    body: { success: true, invitation: INVITATION },
  });
  expect(asked).toEqual([await tokenHash(token)]);
});

it.each([
  [
    { result: 'redeemed_before', redeemed_at: INVITATION.redeemed_at },
    409,
    'already_redeemed',
    { redeemed_at: INVITATION.redeemed_at },
  ],
  [
    { result: 'expired', expires_at: INVITATION.expires_at },
    410,
    'expired',
    { expires_at: INVITATION.expires_at },
  ],
  [{ result: 'unknown' }, 404, 'unknown_token', {}],
] as const)('refuses %j with %i %s', async (redemption, status, error, extra) => {
  const { token } = await inviteToken(SECRET, MESSAGE);
  const { post } = handlerAnswering(redemption as Redemption);
  expect(await post({ token })).toEqual({
    status,
    body: { success: false, error, message: REFUSALS[error].message, ...extra },
  });
});

it('tells a token nobody made from one of an invitation that is gone, by the secret', async () => {
  const { post } = handlerAnswering({ result: 'unknown' });
  const forged = await inviteToken('not-the-secret-but-as-long-as-it-must-be', MESSAGE);
  expect(await post({ token: forged.token })).toMatchObject({
    status: 403,
    body: { error: 'forged_token' },
  });
  // Still redeemed when the database has it (made before MAIL_LINK_SECRET was rotated).
  const rotated = handlerAnswering({ result: 'redeemed', invitation: INVITATION });
  expect((await rotated.post({ token: forged.token })).status).toBe(200);
});

it("refuses a browser's request and a malformed token without asking the database", async () => {
  const { token } = await inviteToken(SECRET, MESSAGE);
  const { post, asked } = handlerAnswering({ result: 'redeemed', invitation: INVITATION });
  expect(await post({ token }, { origin: 'https://agentora.ai' })).toMatchObject({
    status: 403,
    body: { error: 'called_from_a_browser' },
  });
  for (const body of [
    {},
    { token: 42 },
    { token: token.slice(2) },
    { token: `${token}==` },
    [token],
    null,
  ]) {
    expect(await post(body)).toMatchObject({ status: 400, body: { error: 'malformed_token' } });
  }
  expect(asked).toEqual([]);
});

it('answers 500 when the database fails, and takes no other shape of answer from it', async () => {
  const { token } = await inviteToken(SECRET, MESSAGE);
  const { post } = handlerAnswering(new Error('down'));
  expect(await post({ token })).toEqual({
    status: 500,
    body: { success: false, error: 'The invitation could not be read.' },
  });
  for (const wrong of [
    null,
    { result: 'redeemed' },
    { result: 'redeemed', invitation: { ...INVITATION, place: '312' } },
    { result: 'expired' },
    { result: 'maybe' },
  ]) {
    expect(toRedemption(wrong)).toBeNull();
  }
  expect(toRedemption({ result: 'unknown' })).toEqual({ result: 'unknown' });
});
