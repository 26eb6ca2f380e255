import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { PATHS } from '@agentora/data/paths';
import { sharedBackendSettings } from './backend';
import { outboxMailTo } from './outbox';
import { WORKSPACE_ROOT } from './workspace';

const run = promisify(execFile);

/** `npm run staff -- <args>` against the shared backend, as the team runs it: the command's output. */
export async function staffCommand(...args: string[]): Promise<string> {
  const { url, serviceKey } = sharedBackendSettings();
  const { stdout } = await run(
    process.execPath,
    ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', 'tools/staff/src/main.ts', ...args],
    {
      cwd: WORKSPACE_ROOT,
      env: { ...process.env, SUPABASE_URL: url, SUPABASE_SECRET_KEY: serviceKey },
    },
  );
  return stdout;
}

const CODE_MAIL_SUBJECT = /sign-in code/i;

/** The code of the newest sign-in mail to `email` in the outbox (sent at once, never queued). */
export async function latestSignInCode(
  email: string,
  olderThan: readonly string[] = [],
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await outboxMailTo(email)).find(
        (message) => CODE_MAIL_SUBJECT.test(message.subject) && !olderThan.includes(message.id),
      );
      code = mail && /\b(\d{6,10})\b/.exec(mail.text)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** The ids of the sign-in mails `email` has had so far (to tell the next one apart). */
export async function signInMailIds(email: string): Promise<string[]> {
  return (await outboxMailTo(email))
    .filter((message) => CODE_MAIL_SUBJECT.test(message.subject))
    .map((message) => message.id);
}

/**
 * Opens the console and signs in with the code the outbox received, as a person would; what the
 * console then shows depends on the staff list.
 */
export async function signInToConsole(page: Page, siteUrl: string, email: string): Promise<void> {
  const earlier = await signInMailIds(email);
  await page.goto(`${siteUrl}${PATHS.console}`);
  const form = page.getByRole('form', { name: 'Sign in to the console' });
  await form.getByLabel('Work email').fill(email);
  await form.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText(`We emailed a sign-in code to ${email}`)).toBeVisible();
  const code = await latestSignInCode(email, earlier);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Sign in to the console' })).toHaveCount(0);
}
