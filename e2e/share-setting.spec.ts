import { expect, test } from './fixtures';

/**
 * Issue #12: a share link carries the profile and clock policy its result was verified under;
 * the recipient sees the same verdict under the same setting, and the report says it came from
 * the link, not from the recipient's saved setting.
 */
test('a link made under a profile and a clock policy opens to the same verdict and profile lines', async ({
  verifyPage,
  page,
  context,
  browser,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await verifyPage.open('./#/?sample=valid-receipt');
  await verifyPage.expectVerdict('verified');
  await page.getByText('Profile and clock policy').click();
  await page.getByLabel('Profile', { exact: true }).selectOption('strict');
  await page.getByLabel('Maximum age').fill('1d');
  const profiles = page.getByTestId('profiles');
  await expect(profiles.locator('[data-profile="consumer-policy"]')).toContainText(
    'older than 1 day',
  );
  await expect(page.getByTestId('profile-verdict')).toContainText('failed');
  await expect(page.getByTestId('setting-applied')).toHaveAttribute('data-from', 'saved');
  // The verdict follows the setting (issue 24 item 4): failed under it, core verified.
  await verifyPage.expectVerdict('failed');
  await expect(verifyPage.banner).toHaveAttribute('data-core-verdict', 'verified');
  const senderLines = await profiles.locator('li').allInnerTexts();
  const senderVerdict = await page.getByTestId('profile-verdict').innerText();

  const link = await verifyPage.copyLink();
  expect(link).toMatch(/#r=1\.[A-Za-z0-9_-]+&profile=strict&max-age=1d$/);

  // The recipient: another device, nothing saved.
  const recipientContext = await browser.newContext({ baseURL });
  const recipient = await recipientContext.newPage();
  await recipient.goto(link);
  await expect(recipient.getByTestId('verdict-banner')).toHaveAttribute('data-verdict', 'failed', {
    timeout: 30_000,
  });
  await expect(recipient.getByTestId('verdict-banner')).toHaveAttribute(
    'data-core-verdict',
    'verified',
  );
  const applied = recipient.getByTestId('setting-applied');
  await expect(applied).toHaveAttribute('data-from', 'link');
  await expect(applied).toContainText('from the share link');
  await expect(applied).toContainText('strict (reference implementations)');
  await expect(applied).toContainText('at most 1d old');
  await expect(applied).toContainText('Your saved setting (core (the draft) · no clock policy)');
  await expect(recipient.getByTestId('profile-verdict')).toHaveText(
    senderVerdict.replace('Under your profile', 'Under the link’s profile'),
  );
  expect(await recipient.getByTestId('profiles').locator('li').allInnerTexts()).toEqual(
    senderLines,
  );
  // The link's setting is not saved on the recipient's device.
  expect(await recipient.evaluate(() => localStorage.getItem('aer1.profile'))).toBeNull();

  // A link made before links carried a setting opens under the recipient's saved setting.
  await recipient.goto(link.replace(/&profile=.*$/, ''));
  await recipient.reload();
  await expect(recipient.getByTestId('setting-applied')).toHaveAttribute('data-from', 'saved');
  await expect(recipient.getByTestId('verdict-banner')).toHaveAttribute('data-verdict', 'verified');
  await expect(recipient.getByTestId('profile-verdict')).toHaveCount(0);
  await expect(
    recipient.getByTestId('profiles').locator('[data-profile="consumer-policy"]'),
  ).toHaveCount(0);
  await recipientContext.close();
});
