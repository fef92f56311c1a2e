import { expect, test } from './fixtures';

/** Issue #10.6: standard widgets behave as people expect, with the keyboard too. */

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every sample in the menu can be reached and opened', async ({ verifyPage, page }) => {
    await verifyPage.open();
    await page.getByRole('button', { name: 'Samples ▾' }).click();
    // The first open loads the menu's placement code, then shows it: count once it is shown.
    await expect(page.getByRole('menu')).toBeVisible();
    const count = await page.getByRole('menuitem').count();
    expect(count).toBeGreaterThanOrEqual(9);
    await page.keyboard.press('Escape');
    for (let i = 0; i < count; i++) {
      await verifyPage.open();
      await page.getByRole('button', { name: 'Samples ▾' }).click();
      const item = page.getByRole('menuitem').nth(i);
      await item.scrollIntoViewIfNeeded();
      await expect(item).toBeInViewport();
      await item.click();
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect(page).toHaveURL(/sample=[a-z-]+/);
      await expect(verifyPage.banner).toBeVisible({ timeout: 30_000 });
    }
  });
});

test('the samples menu: arrow keys move, Escape closes and focus returns to the trigger', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open();
  const trigger = page.getByRole('button', { name: 'Samples ▾' });
  await trigger.focus();
  await page.keyboard.press('ArrowDown');
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(trigger).toBeFocused();
  // A click outside closes it too (beside the menu: it may have opened upward, over the heading).
  await trigger.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByTestId('first-visit').click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  // Enter on an item opens that sample.
  await trigger.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await verifyPage.expectVerdict('failed');
  await expect(trigger).toBeFocused();
});

test('the shortcuts dialog and the Open link panel close on Escape and return focus', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open();
  const shortcuts = page.getByRole('button', { name: 'Shortcuts' });
  await shortcuts.click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
  await expect(shortcuts).toBeFocused();

  const openLink = page.getByRole('button', { name: 'Open link…' });
  await openLink.click();
  await expect(page.getByTestId('link-loader')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('link-loader')).toHaveCount(0);
  await expect(openLink).toBeFocused();
});

test('the byte views are tabs: arrow keys move between them and show their panel', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open('./#/?sample=valid-receipt');
  await verifyPage.expectVerdict('verified');
  const json = page.getByRole('tab', { name: 'JSON' });
  await expect(json).toHaveAttribute('aria-selected', 'true');
  await json.focus();
  await page.keyboard.press('ArrowRight');
  const text = page.getByRole('tab', { name: 'Text' });
  await expect(text).toBeFocused();
  await expect(text).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Hex' })).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Hex' })).toContainText('7b 22');
});

test('"Skip to content" moves focus to the page without rewriting the route', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open('./#/?sample=valid-receipt');
  await verifyPage.expectVerdict('verified');
  const before = page.url();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  expect(page.url()).toBe(before);
  await page.reload();
  await verifyPage.expectVerdict('verified');
});

test('expert actions sit in the More menu; the drop overlay is opaque', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open();
  await expect(page.getByRole('button', { name: 'Open folder…' })).toHaveCount(0);
  await page.getByRole('button', { name: 'More ▾' }).click();
  for (const name of ['Open folder…', 'Paste supporting…', 'Supply evidence…'])
    await expect(page.getByRole('menuitem', { name: new RegExp(name) })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File(['{}'], 'r.json'));
    window.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true }));
  });
  const overlay = page.getByTestId('drop-overlay');
  await expect(overlay).toBeVisible();
  const alpha = await overlay.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(alpha).not.toMatch(/rgba\(.*,\s*0?\.\d+\)|\/ 0?\.\d+\)/);
});
