import { expect, test } from './fixtures';

/** An address the app cannot serve says so and leads back, at a laptop size and on a phone. */
for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
])
  test.describe(`unknown addresses at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a route the app does not have: a page that says so, with a way back', async ({
      verifyPage,
      page,
    }) => {
      void verifyPage;
      await page.goto('./#/no-such-page');
      const notFound = page.getByTestId('not-found');
      await expect(notFound).toContainText('No page at this address');
      await notFound.getByRole('link', { name: 'Go to the verifier' }).click();
      await expect(page.getByRole('heading', { name: 'Verify an AER-1 receipt' })).toBeVisible();
    });

    test('a sample the app does not have: named in a note, nothing opened', async ({
      verifyPage,
      page,
    }) => {
      await verifyPage.open('./#/?sample=bogus');
      await expect(page.getByTestId('unknown-sample')).toContainText(
        'asks for a sample named bogus',
      );
      await expect(verifyPage.banner).toHaveCount(0);
      // A sample it has: no note.
      await verifyPage.open('./#/?sample=valid-receipt');
      await verifyPage.expectVerdict('verified');
      await expect(page.getByTestId('unknown-sample')).toHaveCount(0);
    });
  });
