import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

const validReceipt = readFileSync('src/ui/samples/valid-receipt.json', 'utf8');
const tamperedReceipt = readFileSync('src/ui/samples/tampered-receipt.json', 'utf8');

test.describe('per-call receipts', () => {
  test('a valid receipt verifies and shows its provenance badge and decoded bytes', async ({
    verifyPage,
  }) => {
    await verifyPage.open();
    await verifyPage.pasteAndVerify(validReceipt);
    await verifyPage.expectVerdict('verified');
    await expect(verifyPage.dimension('byte_integrity')).toHaveAttribute('data-status', 'pass');
    await expect(verifyPage.dimension('issuer_authenticity')).toHaveAttribute(
      'data-status',
      'not_checked',
    );
    const badge = verifyPage.page.getByTestId('provenance-badge');
    await expect(badge).toContainText('EXECUTED BY ZAMBO');
    await expect(badge).toHaveAttribute('data-kind', 'executed');
    await expect(verifyPage.page.getByTestId('decoded-bytes')).toContainText(
      '"price_usd": 97412.55',
    );
    await expect(verifyPage.banner).toContainText('does not prove that the tool ran');
  });

  test('a tampered receipt fails naming the output_hash rule, and the path highlights the place', async ({
    verifyPage,
  }) => {
    await verifyPage.open();
    await verifyPage.pasteAndVerify(tamperedReceipt);
    await verifyPage.expectVerdict('failed');
    const failure = verifyPage.failedCheck('output_hash does not match sha256(canonical_bytes)');
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('/output_hash');
    await failure.getByRole('button', { name: /output_hash · line/ }).click();
    const selected = await verifyPage.input.evaluate((el: HTMLTextAreaElement) =>
      el.value.slice(el.selectionStart, el.selectionEnd),
    );
    expect(selected).toBe(
      '"sha256:c2258bdf9c34813a70166bc0e2d79b167f22f51a0adb67e218b5c868b911dca7"',
    );
  });

  test('garbage gets a parse error with line and column', async ({ verifyPage }) => {
    await verifyPage.open();
    await verifyPage.pasteAndVerify('{\n  "id": "x",\n  "tool": }');
    await verifyPage.expectVerdict('failed');
    await expect(verifyPage.page.getByTestId('parse-error')).toHaveText(
      "Unexpected character '}': expected a JSON value at line 3, column 11",
    );
    // Could not read is not "tampered": its own headline; the verdict value stays failed.
    await expect(verifyPage.banner.getByRole('heading')).toHaveText(
      /Not valid JSON — a problem at line 3, column 11/,
    );
  });

  test('an unrecognised document lists the kinds we accept', async ({ verifyPage }) => {
    await verifyPage.open();
    await verifyPage.pasteAndVerify('{"hello": "world"}');
    await verifyPage.expectVerdict('failed');
    await expect(verifyPage.failedCheck('unrecognised document')).toContainText('workflow receipt');
    await expect(verifyPage.banner.getByRole('heading')).toHaveText(/Not an AER-1 document/);
  });

  test('samples load from the menu and from ?sample=', async ({ verifyPage }) => {
    await verifyPage.open();
    await verifyPage.chooseSample('Tampered receipt');
    await verifyPage.expectVerdict('failed');
    await verifyPage.chooseSample('Valid receipt');
    await verifyPage.expectVerdict('verified');
    await verifyPage.open('./#/?sample=valid-receipt');
    await verifyPage.expectVerdict('verified');
    await expect(verifyPage.input).toHaveValue(/b6c63ac5-f324-4fa7-ad58-c4bf83faa86a/);
  });

  test('paste anywhere on the page verifies', async ({ verifyPage, page }) => {
    await verifyPage.open();
    await page.locator('h1').click();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }, validReceipt);
    await verifyPage.expectVerdict('verified');
  });

  test('the about page explains dimensions and limits', async ({ verifyPage, page }) => {
    await page.goto('./#/about');
    await expect(page.getByRole('heading', { name: 'The six dimensions' })).toBeVisible();
    await expect(
      page.getByText('A matching hash proves only that the supplied bytes agree'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Verify' }).click();
    await expect(verifyPage.input).toBeVisible();
  });

  test('the app works from a sub-folder of a static host', async ({ verifyPage }) => {
    await verifyPage.open('./nested/prefix/#/?sample=valid-receipt');
    await verifyPage.expectVerdict('verified');
  });

  test('dark theme can be chosen and is remembered', async ({ verifyPage, page }) => {
    await verifyPage.open();
    await page.getByLabel('Colour theme').selectOption('dark');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });
  for (const sample of [
    'tampered-receipt',
    'workflow-tampered',
    'timeline-relabelled',
    'nostr-anchor',
    'ots-hello-world',
  ]) {
    test(`${sample} fits the screen width`, async ({ verifyPage, page }) => {
      await verifyPage.open(`./#/?sample=${sample}`);
      await expect(verifyPage.banner).toBeVisible({ timeout: 30_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
    });
  }
});
