import { EMAIL_BRAND } from '../rules/brand.ts';
import { CONSOLE_SIGN_IN, CONSOLE_SIGN_IN_CODE } from '../rules/console-sign-in.ts';
import { paragraph, renderEmail, type RenderedEmail } from './render.ts';

/** How long a sign-in code works (the database holds the same: rules/console-sign-in.ts). */
export const SIGN_IN_CODE_EXPIRY_SECONDS = CONSOLE_SIGN_IN.codeLifetimeSeconds;

/**
 * The mail with a console sign-in code, which the function console-sign-in sends. A reply to a request
 * for the address, not list mail, so it carries no unsubscribe link; nothing in it but the fixed words and
 * the code (no link: the code is typed into the page that asked for it).
 */
export function renderSignInCodeEmail(code: string, siteUrl: string): RenderedEmail {
  if (!CONSOLE_SIGN_IN_CODE.test(code)) {
    throw new Error(`A sign-in code is ${CONSOLE_SIGN_IN.codeDigits} digits.`);
  }
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
