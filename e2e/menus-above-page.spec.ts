import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { SCREENS, screenName, THEMES } from './support/screens';

/**
 * Issue 24 item 1: the Samples and More menus float above the page. They used to open inside
 * the editor column, which scrolls on its own and cut them off on every desktop size.
 */

/**
 * The menu's last item is wholly on screen and is what a click there reaches (nothing clips or
 * covers it). Only the menu's own list is scrolled, never the page or a column around it.
 */
async function expectLastItemReachable(page: Page): Promise<Locator> {
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await menu.evaluate((list) => {
    list.scrollTop = list.scrollHeight;
  });
  const last = menu.getByRole('menuitem').last();
  await expect(last).toBeVisible();
  await expect(last).toBeInViewport({ ratio: 1 });
  const reached = await last.evaluate((item) => {
    const box = item.getBoundingClientRect();
    const inside =
      box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight;
    // The centre and both ends of the item: a menu cut at a column's edge fails one of them.
    const points = [
      [box.left + 4, box.top + box.height / 2],
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.right - 4, box.top + box.height / 2],
    ] as const;
    return inside && points.every(([x, y]) => item.contains(document.elementFromPoint(x, y)));
  });
  expect(reached, 'the last item is on screen and not covered or clipped').toBe(true);
  return last;
}

for (const theme of THEMES) {
  for (const screen of SCREENS) {
    test.describe(`menus at ${screenName(screen)}, ${theme} theme`, () => {
      test.use({ viewport: screen, colorScheme: theme });

      test('More and Samples open above the page and their last items can be clicked', async ({
        verifyPage,
        page,
      }) => {
        await verifyPage.open();
        const more = page.getByRole('button', { name: 'More ▾' });
        await more.click();
        const supply = await expectLastItemReachable(page);
        await expect(supply).toContainText('Supply evidence…');
        if (screen.width === 1366) expect(await seriousViolations(page)).toEqual([]);
        const chooser = page.waitForEvent('filechooser');
        await supply.click({ trial: false });
        await chooser;
        await expect(page.getByRole('menu')).toHaveCount(0);

        await page.getByRole('button', { name: 'Samples ▾' }).click();
        const ots = await expectLastItemReachable(page);
        await expect(ots).toContainText('OpenTimestamps proof');
        if (screen.width === 1366) expect(await seriousViolations(page)).toEqual([]);
        await ots.click();
        await expect(page.getByRole('menu')).toHaveCount(0);
        await expect(page).toHaveURL(/sample=ots-hello-world/);
        await expect(verifyPage.banner).toBeVisible({ timeout: 30_000 });
      });

      test('a menu opened from the keyboard stays in view and returns focus', async ({
        verifyPage,
        page,
      }) => {
        await verifyPage.open();
        const trigger = page.getByRole('button', { name: 'Samples ▾' });
        await trigger.focus();
        // ArrowUp opens the menu on its last item.
        await page.keyboard.press('ArrowUp');
        const last = page.getByRole('menuitem').last();
        await expect(last).toBeFocused();
        await expect(last).toBeInViewport({ ratio: 1 });
        await page.keyboard.press('Home');
        await expect(page.getByRole('menuitem').first()).toBeFocused();
        await expect(page.getByRole('menuitem').first()).toBeInViewport({ ratio: 1 });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toHaveCount(0);
        await expect(trigger).toBeFocused();
      });
    });
  }
}
