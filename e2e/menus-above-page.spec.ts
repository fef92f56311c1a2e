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

/**
 * How dark the menu's edge is, from the pixels on screen: the mean brightness (0–255) of a strip
 * inside its border, in the padding beside the items (no text there), just inside its top or
 * bottom edge. The screenshot is decoded in the page (createImageBitmap): no image library.
 */
async function edgeBrightness(page: Page, menu: Locator, edge: 'top' | 'bottom'): Promise<number> {
  const box = (await menu.boundingBox())!;
  const clip = {
    x: box.x + 1,
    y: edge === 'top' ? box.y + 2 : box.y + box.height - 8,
    width: 3,
    height: 6,
  };
  const png = (await page.screenshot({ clip })).toString('base64');
  return page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let sum = 0;
    for (let i = 0; i < pixels.length; i += 4)
      sum += (pixels[i]! + pixels[i + 1]! + pixels[i + 2]!) / 3;
    return sum / (pixels.length / 4);
  }, png);
}

// The Samples menu is taller than the room above its button on a laptop: its list scrolls.
for (const theme of THEMES) {
  for (const screen of [
    { width: 1366, height: 768 },
    { width: 1280, height: 720 },
  ]) {
    test(`at ${screen.width}×${screen.height}, ${theme} theme, a menu that scrolls shades the edge with more beyond it`, async ({
      verifyPage,
      page,
    }) => {
      await page.setViewportSize(screen);
      await page.emulateMedia({ colorScheme: theme });
      await verifyPage.open();
      await page.getByRole('button', { name: 'Samples ▾' }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      const overflows = await menu.evaluate((list) => list.scrollHeight > list.clientHeight + 1);
      expect(overflows, 'the menu is taller than the room it has').toBe(true);
      // Items below, none above: the bottom edge is shaded, the top is not.
      const atStart = {
        top: await edgeBrightness(page, menu, 'top'),
        bottom: await edgeBrightness(page, menu, 'bottom'),
      };
      await menu.evaluate((list) => {
        list.scrollTop = list.scrollHeight;
      });
      const atEnd = {
        top: await edgeBrightness(page, menu, 'top'),
        bottom: await edgeBrightness(page, menu, 'bottom'),
      };
      // Light: a shade is darker than the menu; dark: darker still than the dark menu.
      expect(atStart.bottom, 'the bottom is shaded while items are hidden below').toBeLessThan(
        atEnd.bottom - 4,
      );
      expect(atEnd.top, 'the top is shaded once items are hidden above').toBeLessThan(
        atStart.top - 4,
      );
    });
  }
}
