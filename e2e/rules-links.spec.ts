import { ruleById } from '../src/core';
import { formatReferenceOf, sectionSlug } from '../src/ui/features/rules/format-sections';
import { expect, test } from './fixtures';

/**
 * Issue 24 item 13: a report's rule ids link to their row on the Rules page, and each row links
 * to the section of the project's format reference that restates it, as the catalogue names it.
 */
const SIZES = [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
] as const;

for (const size of SIZES)
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('a failed check’s rule id opens its row; the row opens its format section', async ({
      verifyPage,
      page,
    }) => {
      await verifyPage.open('./#/?sample=tampered-receipt');
      await verifyPage.expectVerdict('failed');
      const ruleId = 'receipt.output_hash.match';
      const rule = ruleById(ruleId);
      expect(rule).toBeDefined();
      const section = formatReferenceOf(rule!);
      await verifyPage
        .failedCheck('output_hash does not match')
        .getByRole('link', { name: ruleId })
        .click();

      await expect(page).toHaveURL(/#\/rules\?rule=receipt\.output_hash\.match$/);
      const row = page.locator(`[data-testid="rule-row"][data-rule="${ruleId}"]`);
      await expect(row).toBeInViewport();
      await expect(row).toHaveAttribute('data-target', 'true');
      await expect(row.getByRole('rowheader')).toBeFocused();

      await row.getByRole('link', { name: section }).click();
      const heading = page.getByRole('heading', { name: new RegExp(`^${escape(section)}\\b`) });
      await expect(heading).toBeInViewport();
      await expect(heading).toBeFocused();
      // The section lists the rules that implement it, each back to its row.
      const here = page.locator(`[data-section="${section}"]`);
      await here.getByRole('link', { name: ruleId }).click();
      await expect(row).toBeInViewport();
    });
  });

test('a saved link to a rule or a section opens at it', async ({ verifyPage, page }) => {
  void verifyPage;
  await page.goto('./#/rules?rule=chain.link');
  const row = page.locator('[data-testid="rule-row"][data-rule="chain.link"]');
  await expect(row).toBeInViewport();
  await expect(row.getByRole('rowheader')).toBeFocused();
  // The format reference's section as the catalogue names it, whatever its values are.
  const rule = ruleById('chain.link');
  expect(rule).toBeDefined();
  const section = formatReferenceOf(rule!);
  await page.goto(`./#/format?section=${sectionSlug(section)}`);
  const heading = page.locator(`[data-section="${section}"]`).getByRole('heading');
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
