import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

/**
 * Issue #10.4, issue 24 item 14: one numbering on screen. The reference's chain messages count
 * entries from 0 and stay verbatim in the JSON report and the CLI; the page says each once, in
 * the chain view's own numbers (from 1, as seq does).
 */
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

for (const size of SIZES)
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('the relabelled timeline: the broken link is said once, in the view’s numbers', async ({
      verifyPage,
      page,
    }) => {
      await verifyPage.open('./#/?sample=timeline-relabelled');
      await verifyPage.expectVerdict('failed');
      const reference = 'entry 3 prev_digest does not match the digest of entry 2';
      const inView =
        'Entry 4’s link does not match Entry 3 — Entry 3 was changed, or Entry 4’s link was';
      const check = page.locator(
        '[data-testid="check"][data-rule="chain.link"][data-status="fail"]',
      );
      await expect(check).toHaveCount(1);
      await expect(check).toContainText(inView);
      // Nowhere on the page the reference numbering, nor a note translating it.
      const main = page.locator('main');
      await expect(main).not.toContainText(reference);
      await expect(main).not.toContainText('counted from 0');
      // Its place is labelled as what it is: a JSON pointer.
      const place = check.getByRole('button', { name: /^pointer \/3\/prev_digest · line/ });
      await expect(place).toBeVisible();
      await expect(verifyPage.dimension('chain_integrity')).toContainText(inView);

      // Entry 4 of the view is the one whose link broke; Entry 3 is the changed one.
      const entry4 = page.locator('[data-testid="chain-entry"][data-number="4"]');
      await expect(entry4).toContainText(/^Entry 4\s*index 3/);
      await expect(entry4.getByTestId('chain-entry-index')).toHaveText('index 3');
      await expect(entry4).toContainText('seq 4');
      await expect(entry4.locator('li')).toHaveText(inView);
      const entry3 = page.locator('[data-testid="chain-entry"][data-number="3"]');
      await expect(entry3).toHaveAttribute('data-changed', 'true');
      await expect(entry3).toContainText('no longer matches what Entry 4 committed to');
      await expect(entry3.getByTestId('chain-entry-index')).toHaveText('index 2');
      await expect(page.getByTestId('chain-break-explained')).toHaveText(`${inView}.`);
      // The editor's marker on that line says it the same way.
      await place.click();
      await expect(
        page.getByTestId('editor-gutter').locator('[data-marker="fail"]'),
      ).toHaveAttribute('title', new RegExp(inView));

      // The exported report keeps the reference wording, as the CLI prints it.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export JSON' }).click(),
      ]);
      const exported = readFileSync((await download.path())!, 'utf8');
      expect(exported).toContain(reference);
      expect(exported).not.toContain('Entry 4');
    });
  });
