import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

/** A vector set exactly as its published form writes it (sliced out of its vector file). */
function setText(name: string): string {
  const text = readFileSync(`src/core/vector-set/vectors/${name}`, 'utf8');
  const start = text.indexOf('"document": ') + '"document": '.length;
  return text.slice(start, text.lastIndexOf('}')).trimEnd() + '\n';
}

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`a vector set on ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('shows each vector with what the set expects, what we found and whether they agree', async ({
      verifyPage,
      page,
    }) => {
      await verifyPage.open();
      await verifyPage.dropFiles([
        { name: 'fixture-cases.json', text: setText('fixture-cases.json') },
      ]);
      await verifyPage.expectVerdict('failed');
      await expect(verifyPage.banner).toContainText('1 of 4 vectors disagree with the set');
      await expect(verifyPage.banner).toContainText('vector set');
      const rows = page.getByTestId('vector-row');
      await expect(rows).toHaveCount(4);
      const raw = rows.filter({ hasText: 'raw-json-canonical-bytes' });
      await expect(raw).toHaveAttribute('data-agreement', 'disagrees');
      await expect(raw.getByTestId('vector-note')).toHaveText(
        'the set expects valid; the format says: canonical_bytes is not valid base64',
      );
      await expect(rows.filter({ hasText: 'minimal-valid' })).toContainText('agrees');
      // A row opens its vector's own report.
      await raw.getByRole('button', { name: 'Its report' }).click();
      const report = page.getByTestId('vector-report');
      await expect(report).toContainText('raw-json-canonical-bytes');
      await expect(report.getByTestId('verdict-banner')).toHaveAttribute('data-verdict', 'failed');
      // The page never scrolls sideways; the table scrolls in its own region.
      const wide = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(wide).toBe(false);
    });
  });
}

test('a -06 chain set is read under -06, and a Merkle set decides its legacy vector by its root', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open();
  await verifyPage.pasteAndVerify(setText('kit-chain-vectors-06.json'));
  await verifyPage.expectVerdict('verified');
  await expect(verifyPage.banner).toContainText('All 6 vectors agree with the set');
  await expect(page.getByTestId('vector-set-reading-06')).toBeVisible();
  await verifyPage.pasteAndVerify(setText('kit-merkle-vectors.json'));
  await verifyPage.expectVerdict('verified');
  const legacy = page.getByTestId('vector-row').filter({ hasText: 'legacy-seq-receipt-hash' });
  await expect(legacy).toHaveAttribute('data-agreement', 'agrees');
  // Its root is the legacy construction's, and the row says that is never a workflow's root.
  await expect(legacy).toContainText('never accepted as a workflow root');
});
