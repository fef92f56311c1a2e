import { cp, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { writeServiceWorker } from '../src/offline/build-manifest';
import { startStaticServer } from './support/serve-dist';

test.use({ serviceWorkers: 'allow' });

test("a new deploy waits for the user's reload, and the two builds never mix", async ({ page }) => {
  test.setTimeout(90_000);
  // A host of its own (an ephemeral port): its folder is redeployed during the test.
  const site = test.info().outputPath('site');
  await cp('dist', site, { recursive: true });
  const server = await startStaticServer(site, 0);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    // Build A, installed by one visit.
    await page.goto(`${origin}/`);
    await expect(page.getByTestId('receipt-input')).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    const notice = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(notice).toHaveCount(0);

    // Build B is deployed: its page differs (a marker), so its worker differs too.
    const html = await readFile(join(site, 'index.html'), 'utf8');
    await writeFile(
      join(site, 'index.html'),
      html.replace('<head>', '<head>\n    <meta name="aer1-build" content="B" />'),
    );
    // What `vite build` does for sw.js (vite.config.ts), for the changed folder.
    const versionB = writeServiceWorker(site);

    // The next visit finds B's worker; it installs and waits. The page is still all of build A.
    await page.reload();
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('meta[name="aer1-build"]')).toHaveCount(0);
    // A reload of the user's own (not the offered one) keeps build A as well.
    await page.reload();
    await expect(page.locator('meta[name="aer1-build"]')).toHaveCount(0);
    await expect(notice).toBeVisible({ timeout: 30_000 });

    // "reload": B's worker takes over, the page reloads into build B, A's cache is deleted.
    await notice.getByRole('button', { name: 'reload' }).click();
    await expect(page.locator('meta[name="aer1-build"]')).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByTestId('receipt-input')).toBeVisible();
    await expect(notice).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => caches.keys()))
      .toEqual([`aer1-verifier-${versionB}`]);
    expect(errors).toEqual([]);
  } finally {
    server.close();
  }
});
