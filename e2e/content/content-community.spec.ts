import { expect, test } from '@playwright/test';
import { isPageViewCount } from '@agentora/e2e-support/growth';
import { sharedBackendConfig, sharedSiteUrl } from '@agentora/e2e-support/site';

test('community subscribe: bad email, then the welcome after the simulated second, with no request', async ({
  page,
}) => {
  await page.goto(`${sharedSiteUrl()}/community`);
  const form = page.getByRole('form', { name: 'Subscribe to community updates' });
  await expect(form).toBeVisible();
  // The subscription is simulated: nothing may reach the backend. (Scrolling to the form may load
  // the footer's form from the signups remote; that is not a data request, and neither is the count of
  // the page view the shell sends once the page is idle.)
  const backend = sharedBackendConfig().url;
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(backend) && !isPageViewCount(request.url()))
      requests.push(request.url());
  });

  await form.getByRole('textbox', { name: 'Email address' }).fill('not-an-email');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a valid email address');

  await form.getByRole('textbox', { name: 'Email address' }).fill('jane@example.com');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
  await expect(form.getByRole('status')).toHaveText(
    "Welcome to the community! You'll receive updates about events and discussions.",
  );
  expect(requests).toEqual([]);
});
