import { expect, test } from './fixtures';

/**
 * The report's long sections (its checks, the decoded bytes, the raw JSON) are laid out only
 * once they come near the viewport (content-visibility: auto): the page that opens a link lays
 * out what is on screen, not the whole report, in its longest task. Nothing of them may be lost
 * by it: scrolled to, they are on screen in full; printed, every one is laid out; a screen reader
 * and the keyboard reach them without scrolling first.
 */

const SECTIONS = ['Checks', 'Decoded canonical bytes', 'Raw JSON'];

for (const screen of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
])
  test.describe(`${screen.width}×${screen.height}`, () => {
    test.use({ viewport: screen });

    test('every section of a long report is there when scrolled to', async ({
      verifyPage,
      page,
    }) => {
      await verifyPage.open('./#/?sample=valid-receipt');
      await verifyPage.expectVerdict('verified');
      for (const name of SECTIONS) {
        const section = page.getByRole('region', { name: new RegExp(`^${name}`) });
        await section.scrollIntoViewIfNeeded();
        await expect(section).toBeInViewport();
        const box = (await section.boundingBox())!;
        // Its real size, not the placeholder it had while it was skipped.
        const height = await section.evaluate((el) => el.scrollHeight);
        expect(Math.abs(box.height - height)).toBeLessThanOrEqual(2);
      }
      const rows = page.getByTestId('check');
      const last = rows.last();
      await last.scrollIntoViewIfNeeded();
      await expect(last).toBeInViewport();
      await expect(last).toBeVisible();
    });
  });

test.describe('at 1280×800, the sample opened', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test.beforeEach(async ({ verifyPage }) => {
    await verifyPage.open('./#/?sample=valid-receipt');
    await verifyPage.expectVerdict('verified');
  });

  test('the sections not yet on screen keep their roles and names, and their links take focus', async ({
    page,
  }) => {
    const raw = page.getByRole('region', { name: 'Raw JSON' });
    await expect(raw).not.toBeInViewport();
    // Skipped content keeps its roles and names (content-visibility: auto, not hidden).
    await expect(raw.getByRole('heading', { name: 'Raw JSON' })).toHaveCount(1);
    const rule = page.getByRole('link', { name: /receipt\.output_hash\.match/ }).first();
    await rule.focus();
    await expect(rule).toBeFocused();
    await expect(rule).toBeInViewport();
  });

  test('a printed report lays out every section, those never scrolled to included', async ({
    page,
  }) => {
    await page.emulateMedia({ media: 'print' });
    const skipped = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="report"] section')]
        .filter((section) => getComputedStyle(section).contentVisibility !== 'visible')
        .map((section) => section.getAttribute('aria-label')),
    );
    expect(skipped).toEqual([]);
    await page.emulateMedia({ media: 'screen' });
  });
});
