import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { VerifyPageObject } from './pages/verify-page';
import { tamperedReceiptText, validReceiptText } from './support/receipts';

/** The aria-rowindex of the grid row holding the focus, if any. */
function focusedRowIndexOf(page: Page) {
  return page.evaluate(() =>
    document.activeElement?.closest('[role="row"]')?.getAttribute('aria-rowindex'),
  );
}

/** A batch of 13 receipts verified at `screen`, and its third row clicked open. */
async function openThirdRow(
  verifyPage: VerifyPageObject,
  page: Page,
  screen: { width: number; height: number },
) {
  await page.setViewportSize(screen);
  await verifyPage.open();
  const many = Array.from({ length: 12 }, () => validReceiptText).join(',');
  await verifyPage.pasteAndVerify(`[${many},${tamperedReceiptText}]`);
  await verifyPage.expectVerdict('failed');
  const row = page.getByRole('grid', { name: 'Results' }).getByTestId('result-row').nth(2);
  await row.click();
  return row;
}

/** Issue #10.5/10.6: the batch results are an ARIA data grid, used from the keyboard alone. */
test('batch results: one tab stop, arrows between cells and rows, Enter opens the row in view', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open();
  const many = Array.from({ length: 30 }, () => validReceiptText).join(',');
  await verifyPage.pasteAndVerify(`[${tamperedReceiptText},${many}]`);
  await verifyPage.expectVerdict('failed');

  const grid = page.getByRole('grid', { name: 'Results' });
  await expect(grid).toHaveAttribute('aria-rowcount', '32');
  const rows = grid.getByTestId('result-row');
  const cell = (row: number, col: number) => grid.locator(`[data-cell="${row}:${col}"]`);
  const focusedRowIndex = () => focusedRowIndexOf(page);

  // One tab stop: Tab from the control before the grid lands on its first cell, the next Tab leaves.
  await page.getByLabel('Show verdict').focus();
  await page.keyboard.press('Tab');
  await expect(cell(0, 0)).toBeFocused();
  await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
  await expect(cell(0, 0)).toHaveRole('gridcell');

  // Arrow keys move between cells and rows.
  await page.keyboard.press('ArrowRight');
  await expect(cell(0, 1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(cell(1, 1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(rows.nth(1).getByRole('gridcell').last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(cell(1, 0)).toBeFocused();
  // PageDown moves by a screenful, Ctrl+End to the last row (virtualised: scrolled into view,
  // so focus lands once the row is rendered; the reads wait for it, as the other steps do).
  await page.keyboard.press('PageDown');
  await expect.poll(async () => Number(await focusedRowIndex())).toBeGreaterThan(3);
  await page.keyboard.press('Control+End');
  await expect.poll(focusedRowIndex).toBe('32');
  await expect(page.locator(':focus')).toBeInViewport();
  await page.keyboard.press('PageUp');
  await expect.poll(async () => Number(await focusedRowIndex())).toBeLessThan(32);

  // Ctrl+Home reaches the header row; Enter there sorts by that column.
  await page.keyboard.press('Control+Home');
  const indexHeader = grid.getByRole('columnheader', { name: '#' });
  await expect(indexHeader.getByRole('button')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(indexHeader).toHaveAttribute('aria-sort', 'ascending');

  // Down into the body, Enter: the row's details open in view with focus moved to them.
  await page.keyboard.press('ArrowDown');
  await expect(cell(0, 0)).toBeFocused();
  await expect(cell(0, 0)).toHaveText('1');
  await page.keyboard.press('Enter');
  const detail = page.getByTestId('result-detail');
  await expect(detail).toBeInViewport();
  await expect(detail.getByRole('heading').first()).toBeFocused();
  await expect(detail.getByRole('heading').first()).toContainText('#1');
  await expect(rows.first()).toHaveAttribute('aria-selected', 'true');

  // Back to the grid with Shift+Tab… the tab stop is where the user left it.
  await grid.locator('[tabindex="0"]').focus();
  await expect(cell(0, 0)).toBeFocused();
});

test('on a phone the keys skip the columns that are not shown', async ({ verifyPage, page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await verifyPage.open();
  await verifyPage.pasteAndVerify(`[${tamperedReceiptText},${validReceiptText}]`);
  await verifyPage.expectVerdict('failed');
  const grid = page.getByRole('grid', { name: 'Results' });
  await grid.locator('[data-cell="0:1"]').focus();
  await page.keyboard.press('ArrowRight');
  // The Source (2) is shown at every width.
  await expect(grid.locator('[data-cell="0:2"]')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  // Kind (3) and Id (4) are hidden in a table this narrow; the Reason cell (7) is next.
  await expect(grid.locator('[data-cell="0:7"]')).toBeFocused();
  await expect(page.locator(':focus')).toContainText('output_hash does not match');
});

for (const screen of [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
])
  test(`at ${screen.width}×${screen.height}, a row's details open in the result column and close back to the row`, async ({
    verifyPage,
    page,
  }) => {
    const row = await openThirdRow(verifyPage, page, screen);
    const heading = page.getByTestId('result-detail').getByRole('heading').first();
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    // The result column scrolled to the details; the page did not, so the header stays.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole('banner')).toBeInViewport({ ratio: 1 });

    const opened = await row.getAttribute('aria-rowindex');
    await page.getByRole('button', { name: 'Close details' }).click();
    await expect(page.getByTestId('result-detail')).toHaveCount(0);
    // Focus back on the row whose details they were, not on the page.
    await expect.poll(() => focusedRowIndexOf(page)).toBe(opened);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

test('on a phone a row closed after its details is back on screen, with focus', async ({
  verifyPage,
  page,
}) => {
  const row = await openThirdRow(verifyPage, page, { width: 390, height: 844 });
  await expect(page.getByTestId('result-detail').getByRole('heading').first()).toBeInViewport();
  const opened = await row.getAttribute('aria-rowindex');
  await page.getByRole('button', { name: 'Close details' }).click();
  await expect.poll(() => focusedRowIndexOf(page)).toBe(opened);
  await expect(page.locator(':focus')).toBeInViewport();
});
