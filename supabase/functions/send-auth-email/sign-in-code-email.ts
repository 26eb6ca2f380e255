import { EMAIL_BRAND } from '../_shared/brand.ts';
import { paragraph, renderEmail, type RenderedEmail } from '../_shared/mail/render.ts';

/**
 * How long a sign-in code works: supabase/config.toml's `[auth.email] otp_expiry` (hosted Auth has the
 * same setting), which a test holds equal. The hook's payload does not carry it.
 */
export const SIGN_IN_CODE_EXPIRY_SECONDS = 600;

/** The code Auth generates: `[auth.email] otp_length` digits (10 here; Auth allows 6 to 10). */
export const SIGN_IN_CODE = /^[0-9]{6,10}$/;

/**
 * The mail with a console sign-in code. A reply to the person's own request, not list mail, so it carries
 * no unsubscribe link; nothing in it but the fixed words and the code (no link: the code is typed into the
 * page that asked for it).
 */
export function renderSignInCodeEmail(code: string, siteUrl: string): RenderedEmail {
  if (!SIGN_IN_CODE.test(code)) throw new Error('A sign-in code is 6 to 10 digits.');
  const minutes = Math.round(SIGN_IN_CODE_EXPIRY_SECONDS / 60);
  return renderEmail(
    {
      subject: `Your ${EMAIL_BRAND.name} console sign-in code`,
      heading: 'Your sign-in code',
      blocks: [
        paragraph('Hi there,'),
        paragraph(`Enter this code to sign in to the ${EMAIL_BRAND.name} console:`),
        paragraph({ strong: code }),
        paragraph(`The code works once, for ${minutes} minutes.`),
        paragraph(
          `If you didn't ask to sign in to the ${EMAIL_BRAND.name} console, ignore this email.`,
        ),
      ],
    },
    { siteUrl },
  );
}
