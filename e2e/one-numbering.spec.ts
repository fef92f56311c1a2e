import { expect, test } from './fixtures';

/**
 * Issue #10.4: one numbering on screen. The reference's chain messages count entries from 0 and
 * stay verbatim; the chain view counts from 1 (as seq does), and says which entry a message means.
 */
test('the relabelled timeline: a message’s entry is found under the number the view shows', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open('./#/?sample=timeline-relabelled');
  await verifyPage.expectVerdict('failed');
  const reference = 'entry 3 prev_digest does not match the digest of entry 2';
  const check = verifyPage.failedCheck(reference);
  await expect(check).toHaveCount(1);
  await expect(check.getByTestId('entry-numbers')).toHaveText(
    '(counted from 0: entry 3 is Entry 4, entry 2 is Entry 3)',
  );
  // Its place is labelled as what it is: a JSON pointer.
  const place = check.getByRole('button', { name: /^pointer \/3\/prev_digest · line/ });
  await expect(place).toBeVisible();

  // Entry 4 of the view is the one whose link broke; Entry 3 is the changed one.
  const entry4 = page.locator('[data-testid="chain-entry"][data-number="4"]');
  await expect(entry4).toContainText(/^Entry 4\s*index 3/);
  await expect(entry4.getByTestId('chain-entry-index')).toHaveText('index 3');
  await expect(entry4).toContainText('seq 4');
  await expect(entry4.locator('li')).toContainText(reference);
  await expect(entry4.locator('li')).toContainText('entry 3 is Entry 4');
  const entry3 = page.locator('[data-testid="chain-entry"][data-number="3"]');
  await expect(entry3).toHaveAttribute('data-changed', 'true');
  await expect(entry3.getByTestId('chain-entry-index')).toHaveText('index 2');
  await expect(page.getByTestId('chain-break-explained')).toHaveText(
    'Entry 3 was changed after entry 4 committed to it, or entry 4’s link (prev_digest) was.',
  );
  // The editor's marker on that line says the view's place as well.
  await place.click();
  await expect(page.getByTestId('editor-gutter').locator('[data-marker="fail"]')).toHaveAttribute(
    'title',
    /entry 3 prev_digest .*\(counted from 0: entry 3 is Entry 4, entry 2 is Entry 3\)/,
  );
});
