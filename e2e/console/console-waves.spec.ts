import { expect, test } from '@playwright/test';
import { wcagViolations } from '@agentora/e2e-support/axe';
import { sharedBackendSettings } from '@agentora/e2e-support/backend';
import { signInToConsole, staffCommand } from '@agentora/e2e-support/console';
import { outboxMailTo } from '@agentora/e2e-support/outbox';
import { collectPageErrors, sharedSiteUrl } from '@agentora/e2e-support/site';
import { uniqueEmail } from '@agentora/e2e-support/signups';

// A launch wave as staff send it (docs/launch-waves.md): a dry run of the waitlist's next 2, the send,
// the invitations in the outbox, one of them redeemed on the product's join page (the local server's
// stand-in), and the wave's funnel in the console. The members are stored with the secret key, as the
// sign-up function stores them, signed up long before anyone else so that they are the waitlist's first
// (its order is the order of sign-up): each run's earlier than the last's, so an earlier run's are behind.

async function storeWaitlistMember(email: string, signedUpAt: Date) {
  const { url, serviceKey } = sharedBackendSettings();
  const response = await fetch(`${url}/rest/v1/waitlist_signups`, {
    method: 'POST',
    headers: {
      apikey: serviceKey,
      authorization: `Bearer ${serviceKey}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    },
    body: JSON.stringify({
      first_name: 'Wave',
      last_name: 'Tester',
      email,
      company: 'Acme',
      created_at: signedUpAt.toISOString(),
      confirmed_at: new Date(signedUpAt.getTime() + 60_000).toISOString(),
    }),
  });
  expect(response.status).toBe(201);
}

test('staff dry-run and send a wave; each invitee gets a link the product redeems once; the console shows the funnel', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const staff = uniqueEmail('staff', 'console-waves');
  await staffCommand('add', staff);
  const first = new Date(Date.UTC(2020, 0, 1) - Date.now());
  const members = [uniqueEmail('first', 'console-waves'), uniqueEmail('second', 'console-waves')];
  await storeWaitlistMember(members[0], first);
  await storeWaitlistMember(members[1], new Date(first.getTime() + 1000));

  await signInToConsole(page, sharedSiteUrl(), staff);
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Launch waves' })
    .click();
  const form = page.getByRole('form', { name: 'New wave' });
  await form.getByLabel('List').selectOption('waitlist');
  await form.getByLabel('How many (N)').fill('2');
  await form.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByText('Would invite 2 members: places 1 to 2.')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Send to 2' }).click();
  const sent = page.getByText(/^Wave (\d+): Invited 2 members: places 1 to 2\./);
  await expect(sent).toBeVisible();
  const wave = /^Wave (\d+)/.exec((await sent.textContent()) ?? '')?.[1];

  // One invitation each, with its own link into the product.
  const links: string[] = [];
  for (const member of members) {
    const mails = (await outboxMailTo(member)).filter(
      (mail) => mail.subject === "You're invited to Agentora",
    );
    expect(mails).toHaveLength(1);
    links.push(/Join Agentora: (\S+\?invite=[A-Za-z0-9_-]{64})/.exec(mails[0].text)?.[1] ?? '');
  }
  expect(new Set(links).size).toBe(2);

  // The product's join page redeems the first on the invitee's click, and only once.
  await page.goto(links[0]);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText(`Invitation redeemed for ${members[0]}`)).toBeVisible();
  await page.goto(links[0]);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('already_redeemed')).toBeVisible();

  // The wave's funnel.
  await page.goto(`${sharedSiteUrl()}/console?view=waves&wave=${wave}`);
  await expect(
    page.getByRole('heading', { name: `Wave ${wave}: Waitlist, the next 2` }),
  ).toBeVisible();
  const funnel = page.getByLabel('Funnel');
  await expect(funnel).toContainText('Invited2');
  await expect(funnel).toContainText('Mailed2');
  await expect(funnel).toContainText('Joined1');
  await expect(page.getByRole('img', { name: "The wave's invitations over time" })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  // The list shows each member's invitation.
  await page.goto(`${sharedSiteUrl()}/console?view=waitlist&q=console-waves&invited=yes`);
  await expect(page.getByRole('cell', { name: `Joined · wave ${wave}` })).toBeVisible();
  expect(errors).toEqual([]);
});
