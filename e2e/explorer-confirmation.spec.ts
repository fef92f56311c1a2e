import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** A block explorer the user chose, answered here (no real network). */
const EXPLORER = 'https://explorer.test';
test.use({ allowedOrigins: [EXPLORER] });

const HASH_358391 = '000000000000000003e892881a8cdcdc117c06d444057c98b6f04a9ee75a2319';
const HEADER_358391 =
  '02000000b96394585a281b7e5f438fd1c9ed492645a1fd61cb3802040000000000000000007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a1e376755f58616186272def6';
const GENESIS_HASH = '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f';
const GENESIS_HEADER =
  '0100000000000000000000000000000000000000000000000000000000000000000000003ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a29ab5f49ffff001d1dac2b7c';

/** An Esplora that names `hash` (with `header`) as block 358391. */
async function explorerSays(page: Page, hash: string, header: string): Promise<string[]> {
  const asked: string[] = [];
  await page.route(`${EXPLORER}/**`, async (route) => {
    const url = route.request().url();
    asked.push(url);
    const body = url.endsWith('/block-height/358391')
      ? hash
      : url.endsWith(`/block/${hash}/header`)
        ? header
        : undefined;
    await route.fulfill({
      status: body === undefined ? 404 : 200,
      headers: { 'access-control-allow-origin': '*', 'content-type': 'text/plain' },
      body: body ?? 'not found',
    });
  });
  return asked;
}

async function openProofWithoutHeader(
  page: Page,
  verifyPage: import('./pages/verify-page').VerifyPageObject,
) {
  const proof = readFileSync('src/ui/samples/hello-world.txt.ots.b64', 'utf8').trim();
  await verifyPage.open();
  await verifyPage.dropFiles([
    { name: 'hello-world.txt.ots', base64: proof },
    { name: 'hello-world.txt', text: 'Hello World!\n' },
  ]);
  await expect(
    page.locator('[data-testid="attestations"] tr[data-type="bitcoin"]'),
  ).toHaveAttribute('data-status', 'unavailable', { timeout: 30_000 });
  const lookup = page.getByTestId('header-lookup');
  await lookup.getByLabel('Explorer API (Esplora)').fill(`${EXPLORER}/api`);
  await lookup
    .getByRole('button', { name: /Fetch block 358391’s header from explorer\.test/ })
    .click();
}

test.describe('a header fetched by height from an explorer the user chose', () => {
  test('the explorer\'s block 358391 is the header the proof commits to: "confirmed by explorer.test at height 358391"', async ({
    verifyPage,
    page,
  }) => {
    const asked = await explorerSays(page, HASH_358391, HEADER_358391);
    await openProofWithoutHeader(page, verifyPage);
    const bitcoin = page.locator('[data-testid="attestations"] tr[data-type="bitcoin"]');
    await expect(bitcoin).toHaveAttribute('data-status', 'pass', { timeout: 30_000 });
    const confirmation = page.getByTestId('explorer-confirmation');
    await expect(confirmation).toHaveAttribute('data-status', 'pass');
    await expect(confirmation).toContainText('Confirmed by explorer.test at height 358391');
    expect(asked).toEqual([
      `${EXPLORER}/api/block-height/358391`,
      `${EXPLORER}/api/block/${HASH_358391}/header`,
    ]);
  });

  test("the explorer's block 358391 is another header: that confirmation fails, the proof's steps stand", async ({
    verifyPage,
    page,
  }) => {
    await explorerSays(page, GENESIS_HASH, GENESIS_HEADER);
    await openProofWithoutHeader(page, verifyPage);
    const confirmation = page.getByTestId('explorer-confirmation');
    await expect(confirmation).toHaveAttribute('data-status', 'fail', { timeout: 30_000 });
    await expect(confirmation).toContainText(
      'Not confirmed by explorer.test: the header explorer.test gives for block 358391',
    );
    await expect(page.getByText(/^Confirmed by explorer\.test/)).toHaveCount(0);
    // The proof's own steps (the replay from the file's digest) still pass.
    const ots = page.locator('[data-testid="anchor"][data-kind="ots"]');
    await expect(ots.locator('[data-testid="anchor-step"][data-status="fail"]')).toHaveCount(0);
    await expect(
      ots.locator('[data-testid="anchor-step"][data-status="pass"]').first(),
    ).toBeVisible();
  });
});
