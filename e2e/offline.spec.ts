import { expect, test } from './fixtures';

test.use({ serviceWorkers: 'allow' });

test('after one visit the app opens and verifies with no network', async ({
  verifyPage,
  page,
  context,
}) => {
  await verifyPage.open();
  // Wait until the offline cache is installed and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  await context.setOffline(true);
  try {
    await page.reload();
    await verifyPage.chooseSample('Workflow receipt');
    await verifyPage.expectVerdict('verified');
    // The Worker (and its WebAssembly hashing) came from the cache too.
    await verifyPage.open('./?from=cache#/?sample=tampered-receipt');
    await verifyPage.expectVerdict('failed');
  } finally {
    await context.setOffline(false);
  }
});
