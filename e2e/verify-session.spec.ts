import { expect, test } from './fixtures';
import { validReceiptText } from './support/receipts';

test.describe('the verify session', () => {
  test('an input too large for a link offers its file instead', async ({ verifyPage, page }) => {
    // Incompressible text: its link would be far above the 64 KiB a link holds.
    let random = 7;
    const noise = Array.from({ length: 150_000 }, () =>
      String.fromCharCode(33 + ((random = (random * 48271) % 2147483647) % 90)),
    ).join('');
    await verifyPage.open();
    await verifyPage.pasteAndVerify(noise);
    await verifyPage.expectVerdict('failed');
    await expect(page.getByRole('button', { name: 'Download input' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByTestId('share-message')).toContainText('too large for a link');
    await expect(page.getByTestId('share-message')).toContainText('links hold up to 64 KiB');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download input' }).click();
    expect((await download).suggestedFilename()).toBe('pasted_text');
    // The next verification starts without the old message and its download.
    await verifyPage.pasteAndVerify(validReceiptText);
    await verifyPage.expectVerdict('verified');
    await expect(page.getByTestId('share-message')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download input' })).toHaveCount(0);
  });

  test('the report and the editor are still there after a visit to the rules', async ({
    verifyPage,
    page,
  }) => {
    await verifyPage.open();
    await verifyPage.pasteAndVerify(validReceiptText);
    await verifyPage.expectVerdict('verified');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Rules' }).click();
    await expect(page.getByTestId('rules-table')).toBeVisible();
    await nav.getByRole('link', { name: 'Verify' }).click();
    await verifyPage.expectVerdict('verified');
    await expect(verifyPage.input).toHaveValue(validReceiptText);
  });

  test('Clear empties the editor, the supplied documents and the report', async ({
    verifyPage,
    page,
  }) => {
    await verifyPage.open('./#/?sample=nostr-anchor');
    await verifyPage.expectVerdict('verified');
    await expect(page.getByTestId('supplied')).toContainText('nostr-event.json');
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(verifyPage.input).toHaveValue('');
    await expect(page.getByTestId('supplied')).toHaveCount(0);
    await expect(verifyPage.banner).toHaveCount(0);
    expect(new URL(page.url()).hash).toBe('#/');
  });
});
