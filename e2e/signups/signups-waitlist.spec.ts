import { expect, test, type Page } from '@playwright/test';
import { sharedBackendConfig, sharedSiteUrl } from '@agentora/e2e-support/site';
import {
  expectWaitlistValues,
  fillWaitlist,
  otherCase,
  outboxMailTo,
  signUpCall,
  signupRows,
  uniqueEmail,
  waitlistForm,
  type WaitlistEntry,
} from '@agentora/e2e-support/signups';

const MAILED = "Welcome to Agentora's waitlist! Check your email for confirmation and next steps.";
const EMPTY: WaitlistEntry = { firstName: '', lastName: '', email: '', company: '' };

async function openWaitlist(page: Page, path = '/coming-soon') {
  await page.goto(sharedSiteUrl() + path);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Join the AI Revolution' }),
  ).toBeVisible();
  return waitlistForm(page);
}

test('joining stores every field, mails the welcome with company and use case, empties the form and clears the banner after 5 s', async ({
  page,
}) => {
  const entry: WaitlistEntry = {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: uniqueEmail('grace', 'waitlist'),
    company: 'Compilers Inc',
    role: 'Rear Admiral',
    companySize: '201-1000',
    useCase: 'Find the bugs in my agents',
    hearAbout: 'event',
  };
  const form = await openWaitlist(page);
  await fillWaitlist(form, entry);
  await form.getByRole('button', { name: 'Join Waitlist' }).click();

  const banner = form.getByRole('status');
  await expect(banner).toHaveText(MAILED);
  await expectWaitlistValues(form, EMPTY);

  const rows = await signupRows('waitlist_signups', entry.email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    first_name: 'Grace',
    last_name: 'Hopper',
    email: entry.email,
    company: 'Compilers Inc',
    role: 'Rear Admiral',
    company_size: '201-1000',
    use_case: 'Find the bugs in my agents',
    hear_about: 'event',
  });

  const mail = await outboxMailTo(entry.email);
  expect(mail).toHaveLength(1);
  expect(mail[0].subject).toBe("You're on Agentora's waitlist");
  // To an address nobody confirmed: nothing the form carried reaches the mail.
  expect(mail[0].text).toContain('Hi there,');
  expect(mail[0].text).not.toMatch(/Grace|Hopper|Compilers Inc|Find the bugs|Rear Admiral/);

  await expect(banner).toHaveCount(0, { timeout: 7000 });
});

test('the same email in other letter case is a duplicate: its text shows, the form keeps everything, one row stays, and the still unconfirmed mailbox gets a fresh confirmation', async ({
  page,
}) => {
  const email = uniqueEmail('alan', 'waitlist-dup');
  const form = await openWaitlist(page, '/marketplace');
  await fillWaitlist(form, { firstName: 'Alan', lastName: 'Turing', email, company: 'Bletchley' });
  await form.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(form.getByRole('status')).toHaveText(MAILED);
  // Optional fields left empty are stored as NULL, not ''.
  expect(await signupRows('waitlist_signups', email)).toEqual([
    expect.objectContaining({ role: null, company_size: null, use_case: null, hear_about: null }),
  ]);

  const again: WaitlistEntry = {
    firstName: 'Alan',
    lastName: 'Turing',
    email: otherCase(email),
    company: 'Bletchley Park',
    useCase: 'Again',
  };
  await fillWaitlist(form, again);
  await form.getByRole('button', { name: 'Join Waitlist' }).click();
  const alert = form.getByRole('alert');
  await expect(alert).toHaveText('You have already joined the waitlist with this email address.');
  await expectWaitlistValues(form, again);
  expect(await signupRows('waitlist_signups', email)).toHaveLength(1);
  const mails = await outboxMailTo(email);
  expect(mails.map((mail) => mail.subject)).toEqual([
    "You're on Agentora's waitlist",
    "You're on Agentora's waitlist",
  ]);
  // Rendered from the stored row as ever: nothing of the second attempt's fields reaches it.
  expect(mails[0].text).not.toMatch(/Bletchley|Again/);
});

test('missing fields and an email without @ get the documented texts and focus, and nothing is sent', async ({
  page,
}) => {
  const signUps: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/sign-up')) signUps.push(request.url());
  });
  const form = await openWaitlist(page);
  await form.getByLabel('Last Name').fill('Hamilton');
  await form.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields');
  await expect(form.getByLabel('First Name')).toBeFocused();
  await expect(form.getByRole('textbox', { name: 'Company', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  await fillWaitlist(form, {
    firstName: 'Margaret',
    lastName: 'Hamilton',
    email: 'margaret.example.com',
    company: 'MIT',
  });
  await form.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a valid email address');
  await expect(form.getByLabel('Email')).toBeFocused();
  await expect(form.getByLabel('Email')).toHaveValue('margaret.example.com');
  expect(signUps).toEqual([]);
});

test('the welcome mail says only what was stored: the PayPal attack gets nothing of its text into it', async () => {
  // The attack of issue 13, as it can be made now: a sign-up for the victim whose fields carry text of
  // the attacker's choosing. The mail to an address nobody confirmed repeats none of it, and the old
  // follow-up call that took a mail's words is gone.
  const { url, publishableKey } = sharedBackendConfig();
  const victim = uniqueEmail('victor', 'paypal');
  const signedUp = await signUpCall({
    list: 'waitlist',
    fields: {
      first_name: 'Valued customer',
      last_name: 'Tim',
      email: victim,
      company: 'Your PayPal account is locked',
      use_case: 'Verify at https://evil.example/login',
    },
  });
  expect(signedUp.status).toBe(200);
  const gone = await fetch(`${url}/functions/v1/send-thank-you-email`, {
    method: 'POST',
    headers: { apikey: publishableKey, Authorization: `Bearer ${publishableKey}` },
    body: JSON.stringify({ to: victim, type: 'waitlist', firstName: 'Valued customer' }),
  });
  expect(gone.status).toBe(404);
  const [mail] = await outboxMailTo(victim);
  for (const body of [mail.subject, mail.text, mail.html])
    expect(body).not.toMatch(/PayPal|evil\.example|Valued customer/);
  expect(mail.text).toContain('Hi there,');

  // One mailbox, one sign-up: neither a display name nor a plus-address makes a second row.
  for (const again of [`a<${victim}>`, victim.replace('@', '+again@')]) {
    const second = await signUpCall({
      list: 'waitlist',
      fields: { first_name: 'Victor', last_name: 'Tim', email: again, company: 'ACME' },
    });
    expect([400, 409]).toContain(second.status);
  }
  expect(await signupRows('waitlist_signups', victim)).toHaveLength(1);
});
