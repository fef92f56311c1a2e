import { expect, test } from './fixtures';

test.describe('the self-test page', () => {
  test('runs every bundled vector in the Worker and finds all as expected', async ({
    verifyPage,
    page,
  }) => {
    void verifyPage;
    await page.goto('./#/');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: /Self-test/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Self-test' })).toBeVisible();
    const summary = page.getByTestId('conformance-summary');
    await expect(summary).toHaveText(/^(\d+) of \1 as expected/, { timeout: 30_000 });
    const rows = page.getByTestId('conformance-row');
    const total = Number(/^(\d+)/.exec((await summary.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(250);
    await expect(rows).toHaveCount(total);
    await expect(
      page.locator('[data-testid="conformance-row"][data-as-expected="no"]'),
    ).toHaveCount(0);
    await expect(page.getByText('receipt/created_at-future-dated-2027.json')).toBeVisible();
  });
});

test.describe('profiles in the report', () => {
  test('a verified receipt shows its profile lines side by side, core first', async ({
    verifyPage,
    page,
  }) => {
    void verifyPage;
    await page.goto('./#/?sample=valid-receipt');
    const profiles = page.getByTestId('profiles');
    await expect(profiles).toBeVisible();
    await expect(profiles.locator('li').first()).toHaveAttribute('data-profile', 'core');
    await expect(profiles.locator('[data-profile="strict"]')).toBeVisible();
  });
});

test.describe('the profile and clock policy setting', () => {
  test('is remembered, shown in the report, and applies the clock policy to the next verification', async ({
    verifyPage,
    page,
  }) => {
    void verifyPage;
    await page.goto('./#/?sample=valid-receipt');
    const profiles = page.getByTestId('profiles');
    await expect(profiles).toBeVisible();
    await page.getByText('Profile and clock policy').click();
    await page.getByLabel('Profile', { exact: true }).selectOption('strict');
    await expect(page.getByTestId('profile-verdict')).toContainText('strict');
    await expect(page.getByTestId('profile-verdict')).toContainText('verified');
    await page.getByLabel('Maximum age').fill('1d');
    await page.reload();
    await expect(
      page.getByTestId('profiles').locator('[data-profile="consumer-policy"]'),
    ).toContainText('older than 1 day');
    await expect(page.getByTestId('profile-verdict')).toContainText('failed');
    // The core verdict itself is unchanged.
    await expect(page.getByTestId('profiles').locator('[data-profile="core"]')).toBeVisible();
  });
});
