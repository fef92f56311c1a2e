import { expect, test } from './fixtures';
import { makeReceipt } from './support/receipts';

/**
 * Issue 24 item 6: a warning reaches the headline. A receipt dated four years ahead of this
 * device's clock verifies (clock policy is not core), and the verdict says so with its warning
 * counted beside it, the dimension tile is marked, and so is the editor's line.
 */
function fourYearsAhead(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 4);
  return date.toISOString();
}

const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

for (const size of SIZES)
  for (const theme of ['light', 'dark'] as const)
    test.describe(`at ${size.width}×${size.height}, ${theme}`, () => {
      test.use({ viewport: size, colorScheme: theme });

      test('a future-dated receipt: “Verified · 1 warning: …”, its tile and its line marked', async ({
        verifyPage,
        page,
      }) => {
        const receipt = makeReceipt(
          { tool: 'live_price', inputs: {}, outputs: { price: 1 } },
          { created_at: fourYearsAhead() },
        );
        const text = JSON.stringify(receipt, null, 2);
        await verifyPage.open();
        await verifyPage.pasteAndVerify(text);
        await verifyPage.expectVerdict('verified');
        const message = "created_at is 4 years after this device's clock";
        const heading = verifyPage.banner.getByRole('heading');
        await expect(heading).toHaveText(`✓ Verified · 1 warning: ${message}`);
        await expect(heading).toBeInViewport();
        const tile = verifyPage.dimension('schema_validity');
        await expect(tile).toHaveAttribute('data-warnings', '1');
        await expect(tile).toContainText('1 warning');
        // The editor's line of created_at carries a warning marker that says why.
        const line = text.split('\n').findIndex((l) => l.includes('"created_at"')) + 1;
        const marker = page.getByTestId('editor-gutter').locator('[data-marker="warning"]');
        await expect(marker).toHaveCount(1);
        await expect(marker).toHaveAttribute('data-line', String(line));
        await expect(marker).toHaveAttribute('title', message);
      });
    });

test('several warnings are counted, and a receipt without one has none beside its verdict', async ({
  verifyPage,
}) => {
  await verifyPage.open();
  const receipt = makeReceipt(
    { tool: 'live_price', inputs: {}, outputs: {} },
    { created_at: fourYearsAhead(), receipt_schema_version: '0.2' },
  );
  await verifyPage.pasteAndVerify(JSON.stringify(receipt, null, 2));
  await verifyPage.expectVerdict('verified');
  await expect(verifyPage.banner.getByRole('heading')).toHaveText(
    /^✓ Verified · 2 warnings: .+ \(\+1 more\)$/,
  );
  await verifyPage.pasteAndVerify(
    JSON.stringify(makeReceipt({ tool: 't', inputs: {}, outputs: {} })),
  );
  await verifyPage.expectVerdict('verified');
  await expect(verifyPage.banner.getByRole('heading')).toHaveText('✓ Verified');
});
