import { expect, test } from '@playwright/test';
import { scrollThroughPage, sharedSiteUrl } from '@agentora/e2e-support/site';
import {
  footerNewsletterForm,
  homeNewsletterForm,
  homeNewsletterSection,
  otherCase,
  outboxMailTo,
  signupRows,
  uniqueEmail,
  footerNewsletterToast,
} from '@agentora/e2e-support/signups';
import { servedRoutes } from '@agentora/e2e-support/owners';

const MAILED = 'Thanks for subscribing! Check your email for confirmation.';
const DUPLICATE = 'You are already subscribed to our newsletter.';

test.describe('home newsletter', () => {
  test('subscribes, stores the row, mails the confirmation; the same email in other case is a duplicate', async ({
    page,
  }) => {
    const email = uniqueEmail('hedy', 'home-news');
    await page.goto(`${sharedSiteUrl()}/`);
    await scrollThroughPage(page);
    const form = homeNewsletterForm(page);
    const section = homeNewsletterSection(page);
    const input = form.getByRole('textbox', { name: 'Email address' });
    await input.fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(section.getByRole('status')).toHaveText(MAILED);
    await expect(input).toHaveValue('');
    expect(await signupRows('newsletter_subscriptions', email)).toEqual([
      expect.objectContaining({ email }),
    ]);
    const mail = await outboxMailTo(email);
    expect(mail.map((message) => message.subject)).toEqual(['Welcome to the Agentora newsletter']);
    expect(mail[0].text).toContain('Hi there,');

    await input.fill(otherCase(email));
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(section.getByRole('alert')).toHaveText(DUPLICATE);
    await expect(input).toHaveValue(otherCase(email));
    expect(await signupRows('newsletter_subscriptions', email)).toHaveLength(1);
  });

  test('an invalid email is refused and the error hides after 3 s', async ({ page }) => {
    await page.goto(`${sharedSiteUrl()}/`);
    await scrollThroughPage(page);
    const form = homeNewsletterForm(page);
    const input = form.getByRole('textbox', { name: 'Email address' });
    await input.fill('hedy');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const alert = homeNewsletterSection(page).getByRole('alert');
    await expect(alert).toHaveText('Please enter a valid email address');
    await expect(input).toBeFocused();
    await expect(alert).toHaveCount(0, { timeout: 5000 });
    await expect(input).toHaveValue('hedy');
  });
});

test.describe('footer newsletter', () => {
  test('shows the loading state, a 3 s toast, clears the field and stores the row; the same email in other case is a duplicate', async ({
    page,
  }) => {
    const email = uniqueEmail('radia', 'footer');
    await page.goto(`${sharedSiteUrl()}/about`);
    await scrollThroughPage(page);
    const footer = page.getByRole('contentinfo');
    const form = footerNewsletterForm(page);
    const input = form.getByRole('textbox', { name: 'Email address for the newsletter' });
    await expect(footer.getByRole('heading', { name: 'Stay in the loop' })).toBeVisible();

    // Hold the first sign-up call a moment so the loading state can be seen.
    let releaseSignUp!: () => void;
    const signUpHeld = new Promise<void>((resolve) => (releaseSignUp = resolve));
    let holding = true;
    await page.route('**/functions/v1/sign-up', async (route) => {
      if (holding) {
        holding = false;
        await signUpHeld;
      }
      await route.continue();
    });
    await input.fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    releaseSignUp();

    const toast = footerNewsletterToast(page, 'status');
    await expect(toast).toHaveText(MAILED);
    await expect(input).toHaveValue('');
    expect(await signupRows('newsletter_subscriptions', email)).toEqual([
      expect.objectContaining({ email }),
    ]);
    expect((await outboxMailTo(email)).map((message) => message.subject)).toEqual([
      'Welcome to the Agentora newsletter',
    ]);
    await expect(toast).toHaveCount(0, { timeout: 5000 });

    await input.fill(otherCase(email));
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footerNewsletterToast(page, 'alert')).toHaveText(DUPLICATE);
    await expect(input).toHaveValue(otherCase(email));
    expect(await signupRows('newsletter_subscriptions', email)).toHaveLength(1);
  });

  test('on a phone the toast is on screen, in the corner, not pinned inside the footer', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${sharedSiteUrl()}/`);
    await scrollThroughPage(page);
    const form = footerNewsletterForm(page);
    await form.getByRole('textbox', { name: 'Email address for the newsletter' }).fill('sam');
    // Scrolled so that the form is at the bottom of the screen and the rest of the footer below it.
    await form.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await form.getByRole('button', { name: 'Subscribe' }).click();
    // Found wherever it is in the page: what is checked is where it shows.
    const toast = page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' });
    await expect(toast).toBeInViewport({ ratio: 1 });
    const box = (await toast.boundingBox())!;
    expect(844 - (box.y + box.height)).toBeLessThan(40);
    expect(390 - (box.x + box.width)).toBeLessThan(40);
  });

  test('works on every route', async ({ page }) => {
    test.setTimeout(120_000);
    const subscribed: string[] = [];
    for (const [index, route] of servedRoutes()
      .map(({ path }) => path)
      .entries()) {
      // By index: a tag made of the path would pass the 64 characters an address's local part may have.
      const email = uniqueEmail('ida', `route${index}`);
      await page.goto(sharedSiteUrl() + route);
      await scrollThroughPage(page);
      const form = footerNewsletterForm(page);
      await form.getByRole('textbox', { name: 'Email address for the newsletter' }).fill(email);
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect(footerNewsletterToast(page, 'status'), `footer toast on ${route}`).toHaveText(
        MAILED,
      );
      subscribed.push(email);
    }
    for (const email of subscribed)
      expect(await signupRows('newsletter_subscriptions', email), email).toHaveLength(1);
  });
});
