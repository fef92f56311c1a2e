import { expect, test } from './fixtures';
import { makeReceipt } from './support/receipts';

/**
 * What the verdict banner says of a finding at a laptop size: the warning that counts under the
 * setting is named first, a profile's warning that repeats a failure is not counted again, and
 * a file that is not text is not called valid JSON.
 */
function fourYearsAhead(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 4);
  return date.toISOString();
}

for (const theme of ['light', 'dark'] as const)
  test.describe(`the banner's findings at 1366×768, ${theme}`, () => {
    test.use({ viewport: { width: 1366, height: 768 }, colorScheme: theme });

    test('core’s warning is named before a strict profile’s own', async ({ verifyPage }) => {
      const receipt = makeReceipt(
        { tool: 'live_price', inputs: {}, outputs: { price: 1 } },
        // A UUID v1 id: only the strict profile warns of it.
        { id: 'b6c63ac5-f324-1fa7-ad58-c4bf83faa86a', created_at: fourYearsAhead() },
      );
      await verifyPage.open();
      await verifyPage.pasteAndVerify(JSON.stringify(receipt, null, 2));
      await verifyPage.expectVerdict('verified');
      await expect(verifyPage.banner.getByRole('heading')).toHaveText(
        "✓ Verified · 2 warnings: created_at is 4 years after this device's clock (+1 more)",
      );
    });

    test('a failure is not counted again as a profile’s warning', async ({ verifyPage }) => {
      const receipt = makeReceipt({ tool: 'live_price', inputs: {}, outputs: { price: 1 } });
      const base64 = receipt.canonical_bytes as string;
      // Padding in the middle of the last quantum: not base64, for core and the producer profile.
      // (Its base64 ends in "fQ==": "fQ=A" is not base64.)
      expect(base64.endsWith('==')).toBe(true);
      receipt.canonical_bytes = `${base64.slice(0, -2)}=A`;
      await verifyPage.open();
      await verifyPage.pasteAndVerify(JSON.stringify(receipt, null, 2));
      await verifyPage.expectVerdict('failed');
      await expect(verifyPage.banner.getByRole('heading')).not.toContainText('warning');
      const schema = verifyPage.dimension('schema_validity');
      await expect(schema).toContainText('canonical_bytes is not valid base64');
      await expect(schema).toHaveAttribute('data-warnings', '0');
    });

    test('a binary file is not called valid JSON, and has no lines', async ({
      verifyPage,
      page,
    }) => {
      await verifyPage.open();
      // Bytes that are no UTF-8 (0xff never is) and no OpenTimestamps proof.
      const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37 + 0xff) % 256));
      bytes[0] = 0xff;
      await verifyPage.dropFiles([{ name: 'binary.bin', base64: bytes.toString('base64') }]);
      await expect(verifyPage.banner).toContainText('Not an AER-1 document', { timeout: 30_000 });
      await expect(verifyPage.banner).not.toContainText('valid JSON');
      await expect(page.locator('main')).toContainText('not UTF-8 text');
      await expect(page.getByTestId('not-in-editor')).not.toContainText('lines');
    });
  });
