import { createHash } from 'node:crypto';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join, relative, sep } from 'node:path';
import { expect, test } from '@playwright/test';
import { manifestText, serviceWorkerSource } from '../src/offline/service-worker';
import { startStaticServer } from './support/serve-dist';

/**
 * What `vite build` does for sw.js (vite.config.ts), for a folder changed after the build: every
 * file with the SHA-256 of its bytes, and a version made of them all.
 */
async function writeServiceWorker(dir: string): Promise<string> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (path.endsWith('.map') || path === 'sw.js' || path === '_headers') continue;
    files[`./${path}`] = createHash('sha256')
      .update(await readFile(join(dir, path)))
      .digest('hex');
  }
  files['./'] = files['./index.html'] as string;
  const version = createHash('sha256').update(manifestText(files)).digest('hex').slice(0, 12);
  await writeFile(join(dir, 'sw.js'), serviceWorkerSource(version, files));
  return version;
}

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
    const versionB = await writeServiceWorker(site);

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
