import { RULE_CATALOGUE } from '../src/core';
import { expect, test } from './fixtures';

test.describe('the rules page', () => {
  test('lists every catalogue rule, and the search box filters them', async ({
    verifyPage,
    page,
  }) => {
    void verifyPage;
    await page.goto('./#/rules');
    await expect(page.getByRole('heading', { level: 1, name: 'Rules' })).toBeVisible();
    const rows = page.getByTestId('rule-row');
    await expect(rows).toHaveCount(RULE_CATALOGUE.length);

    const first = RULE_CATALOGUE[0];
    if (first) {
      await page.getByLabel('Search rules').fill(first.id);
      await expect(rows.first()).toContainText(first.id);
      const shown = await rows.count();
      expect(shown).toBeGreaterThanOrEqual(1);
      expect(shown).toBeLessThanOrEqual(RULE_CATALOGUE.length);
      for (const text of await rows.allTextContents()) expect(text).toContain(first.id);
    }

    await page.getByLabel('Search rules').fill('no-rule-is-called-this');
    await expect(rows).toHaveCount(0);
    await expect(page.getByTestId('rules-empty')).toBeVisible();
    await page.getByLabel('Search rules').fill('');
    await expect(rows).toHaveCount(RULE_CATALOGUE.length);
  });

  test('is linked from the header, the footer and the about page', async ({ verifyPage, page }) => {
    await verifyPage.open();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Rules' })
      .click();
    await expect(page).toHaveURL(/#\/rules$/);
    await page.goto('./#/about');
    await page.getByRole('link', { name: 'list of rules' }).click();
    await expect(page.getByTestId('rules-table')).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'The rules this verifier checks' })
      .click();
    await expect(page.getByTestId('rules-table')).toBeVisible();
  });
});
