import { expect, test } from './fixtures';

/**
 * The report's long sections (its checks, the decoded bytes, the raw JSON), and each row of its
 * checks, are laid out only once they come near the viewport (content-visibility: auto): the page
 * that opens a link lays out what is on screen, not the whole report, in its longest task.
 * Nothing of them may be lost by it: scrolled to, they are on screen in full; printed, every one
 * is laid out; a screen reader and the keyboard reach them without scrolling first.
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
        // Its real size, not the placeholder it had while it was skipped (asked again until the
        // rows that came near with it have been laid out: that happens in a later frame).
        await expect
          .poll(async () => {
            const box = (await section.boundingBox())!;
            return Math.abs(box.height - (await section.evaluate((el) => el.scrollHeight)));
          })
          .toBeLessThanOrEqual(2);
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

  test('the checks list lays out the rows near the screen, and each row once it comes near', async ({
    page,
  }) => {
    const rows = page.getByTestId('report-area').getByTestId('check');
    const laidOut = () =>
      rows.evaluateAll((all) =>
        // A row's content, not the row: content-visibility skips what an element holds.
        all.map((row) => row.firstElementChild!.checkVisibility({ contentVisibilityAuto: true })),
      );
    await expect(rows.first()).toBeAttached();
    const before = await laidOut();
    expect(before.length).toBeGreaterThan(10);
    expect(before.at(-1), 'the last row, far below the screen').toBe(false);
    await rows.last().scrollIntoViewIfNeeded();
    await expect(rows.last()).toBeInViewport();
    // (Laid out in the frame after it came near.)
    await expect.poll(async () => (await laidOut()).at(-1)).toBe(true);
  });

  test('a printed report lays out every section and every check, those never scrolled to included', async ({
    page,
  }) => {
    await expect(page.getByTestId('report-area').getByTestId('check').first()).toBeAttached();
    await page.emulateMedia({ media: 'print' });
    const skipped = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          '[data-testid="report"] section, [data-testid="report"] [data-testid="check"]',
        ),
      ]
        .filter((element) => getComputedStyle(element).contentVisibility !== 'visible')
        .map((element) => element.getAttribute('aria-label') ?? element.dataset.rule),
    );
    expect(skipped).toEqual([]);
    await page.emulateMedia({ media: 'screen' });
  });
});
