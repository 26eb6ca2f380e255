import { expect, test } from '@playwright/test';
import { sharedSiteUrl } from '@agentora/e2e-support/site';

test.use({ viewport: { width: 390, height: 844 } });

test('the mobile menu opens, closes, and closes when a link is chosen', async ({ page }) => {
  await page.goto(`${sharedSiteUrl()}/about`);
  const header = page.getByRole('banner');
  const toggle = header.getByRole('button', { name: 'Open menu' });
  const blogLink = header.getByRole('link', { name: 'Blog' });

  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(blogLink).toBeHidden();

  await toggle.click();
  const close = header.getByRole('button', { name: 'Close menu' });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  await expect(blogLink).toBeVisible();
  await expect(header.getByRole('link', { name: 'Join Waitlist' })).toBeVisible();

  await close.click();
  await expect(blogLink).toBeHidden();

  await header.getByRole('button', { name: 'Open menu' }).click();
  await blogLink.click();
  await expect(page).toHaveURL(`${sharedSiteUrl()}/blog`);
  await expect(header.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(blogLink).toBeHidden();

  // Escape closes it too, and gives focus back to the toggle.
  await header.getByRole('button', { name: 'Open menu' }).click();
  await page.keyboard.press('Escape');
  await expect(header.getByRole('button', { name: 'Open menu' })).toBeFocused();
});
