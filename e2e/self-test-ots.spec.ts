import { expect, test } from './fixtures';

/** Issue #12: the self-test runs the binary OpenTimestamps proofs too, with their bytes. */
test('the self-test page runs the .ots proofs, the failing bad stamp included', async ({
  verifyPage,
  page,
}) => {
  void verifyPage;
  await page.goto('./#/conformance');
  const summary = page.getByTestId('conformance-summary');
  await expect(summary).toHaveText(/^(\d+) of \1 as expected/, { timeout: 30_000 });
  const ots = page.locator('[data-testid="conformance-row"]', { hasText: 'anchor/ots/' });
  await expect(ots).toHaveCount(11);
  await expect(ots.locator('[data-as-expected="no"]')).toHaveCount(0);
  const bad = page.locator('[data-testid="conformance-row"]', {
    hasText: 'anchor/ots/bad-stamp.txt.ots + bad-stamp.txt + header',
  });
  await expect(bad).toHaveAttribute('data-as-expected', 'yes');
  await expect(bad).toContainText('digest does not match merkle root');
});
