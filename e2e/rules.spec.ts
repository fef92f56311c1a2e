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

  test("names each rule's draft section and revision, and the About page which revisions are implemented", async ({
    verifyPage,
    page,
  }) => {
    void verifyPage;
    await page.goto('./#/rules');
    const digest = page.getByTestId('rule-row').filter({ hasText: 'chain.digest' });
    await expect(digest.getByTestId('rule-section')).toHaveText('§7.1since -07');
    const match = page.getByTestId('rule-row').filter({ hasText: 'receipt.output_hash.match' });
    await expect(match.getByTestId('rule-section')).toHaveText('§6 step 3');
    const inputs = page
      .getByTestId('rule-row')
      .filter({ hasText: 'profile.reference-producer.inputs' });
    await expect(inputs.getByTestId('rule-section')).toContainText("the reference kit's");
    await page.getByLabel('Search rules').fill('since -26');
    await expect(
      page.getByTestId('rule-row').filter({ hasText: 'workflow.merkle_version' }),
    ).toHaveCount(1);

    await page.goto('./#/about');
    await expect(page.getByTestId('implemented-revisions')).toContainText(
      'implements draft-zambo-aer1 from -00 to -26',
    );
    await expect(page.getByRole('listitem').filter({ hasText: /^-07:/ })).toContainText(
      'the hardened chain entry digest',
    );
  });
});
