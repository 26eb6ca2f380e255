import { expect, test, type Page } from '@playwright/test';
import { scrollThroughPage, sharedSiteUrl } from '@agentora/e2e-support/site';
import {
  earlyAccessForm,
  earlyAccessSection,
  otherCase,
  outboxMailTo,
  signupRows,
  uniqueEmail,
} from '@agentora/e2e-support/signups';

const MAILED =
  "Thanks! You're on the early access list. Check your email for confirmation and exclusive benefits.";

async function openHome(page: Page) {
  await page.goto(`${sharedSiteUrl()}/`);
  await scrollThroughPage(page);
  const form = earlyAccessForm(page);
  await expect(form).toBeVisible();
  return {
    form,
    section: earlyAccessSection(page),
    input: form.getByRole('textbox', { name: 'Email address' }),
  };
}

test('joining from the home page stores the email, mails the welcome, clears the field and the message after 5 s', async ({
  page,
}) => {
  const email = uniqueEmail('katherine', 'early');
  const { form, section, input } = await openHome(page);
  await input.fill(email);
  await form.getByRole('button', { name: 'Join Early Access' }).click();

  const message = section.getByRole('status');
  await expect(message).toHaveText(MAILED);
  await expect(input).toHaveValue('');
  expect(await signupRows('early_access_signups', email)).toEqual([
    expect.objectContaining({ email }),
  ]);

  const mail = await outboxMailTo(email);
  expect(mail).toHaveLength(1);
  expect(mail[0].subject).toBe("You're on the Agentora early access list");
  expect(mail[0].text).toContain('Hi there,');

  await expect(message).toHaveCount(0, { timeout: 7000 });
});

test('the same email in other letter case gets the duplicate text and keeps the field', async ({
  page,
}) => {
  const email = uniqueEmail('dorothy', 'early-dup');
  const { form, section, input } = await openHome(page);
  await input.fill(email);
  await form.getByRole('button', { name: 'Join Early Access' }).click();
  await expect(section.getByRole('status')).toHaveText(MAILED);

  await input.fill(otherCase(email));
  await form.getByRole('button', { name: 'Join Early Access' }).click();
  await expect(section.getByRole('alert')).toHaveText(
    'You have already signed up for early access with this email address.',
  );
  await expect(input).toHaveValue(otherCase(email));
  expect(await signupRows('early_access_signups', email)).toHaveLength(1);
});

test('an invalid email is refused in place and focused; the full waitlist is one click away', async ({
  page,
}) => {
  const { form, section, input } = await openHome(page);
  await input.fill('mary.example.com');
  await form.getByRole('button', { name: 'Join Early Access' }).click();
  await expect(section.getByRole('alert')).toHaveText('Please enter a valid email address');
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('aria-invalid', 'true');

  await section.getByRole('link', { name: 'Or join the full waitlist' }).click();
  await expect(page).toHaveURL(`${sharedSiteUrl()}/coming-soon`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Join the AI Revolution' }),
  ).toBeVisible();
});

test('a plus-address of a joined mailbox gets the duplicate text; a name-less address is greeted "there"', async ({
  page,
}) => {
  const email = uniqueEmail('bob', 'early-plus').replace(/^bob\./, 'b0b.');
  const { form, section, input } = await openHome(page);
  await input.fill(email);
  await form.getByRole('button', { name: 'Join Early Access' }).click();
  await expect(section.getByRole('status')).toHaveText(MAILED);
  const [mail] = await outboxMailTo(email);
  expect(mail.text).toContain('Hi there,');

  const tagged = email.replace('@', '+news@');
  await input.fill(tagged);
  await form.getByRole('button', { name: 'Join Early Access' }).click();
  await expect(section.getByRole('alert')).toHaveText(
    'You have already signed up for early access with this email address.',
  );
  await expect(input).toHaveValue(tagged);
  expect(await signupRows('early_access_signups', tagged)).toEqual([]);
});
