import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tamperedReceiptText } from './support/receipts';

/**
 * Issue 24 items 12 and 16: a printed report is dark ink on paper in either theme, and an
 * exported or printed report names what checked it (the verifier, its version and build), when,
 * under which setting, and the SHA-256 of each input as verified, so it can be matched to its
 * bytes later.
 */

const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Text on the page (as printed) whose colour has less than `minimum` contrast on white paper. */
async function paleTextOnPaper(page: Page, minimum: number): Promise<string[]> {
  return page.evaluate((min) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgb = (color: string): number[] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = '#fff';
      context.fillRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
    };
    const luminance = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const pale: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const ownText = [...element.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (ownText === '') continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
      const ratio = 1.05 / (luminance(rgb(style.color)) + 0.05);
      if (ratio < min) pale.push(`${ownText.slice(0, 40)} (${style.color}, ${ratio.toFixed(2)})`);
    }
    return pale;
  }, minimum);
}

for (const theme of ['light', 'dark'] as const)
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme, viewport: { width: 1366, height: 900 } });

    test('a printed report is dark ink on white paper', async ({ verifyPage, page }) => {
      await verifyPage.open('./#/?sample=tampered-receipt');
      await verifyPage.expectVerdict('failed');
      await page.emulateMedia({ media: 'print' });
      await expect(verifyPage.banner).toBeVisible();
      expect(await paleTextOnPaper(page, 4.5)).toEqual([]);
      await page.emulateMedia({ media: 'screen' });
    });

    test('a printed batch with a row open has no controls on paper', async ({
      verifyPage,
      page,
    }) => {
      await verifyPage.open();
      await verifyPage.dropFiles([
        { name: 'a.json', text: tamperedReceiptText },
        { name: 'b.json', text: tamperedReceiptText.replace('"id"', '"id" ') },
      ]);
      await expect(verifyPage.banner).toContainText('2 records', { timeout: 30_000 });
      const grid = page.getByRole('grid', { name: 'Results' });
      await grid.locator('[data-testid="result-row"]').first().click();
      const detail = page.getByTestId('result-detail');
      await expect(detail.getByRole('heading').first()).toBeFocused();
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('searchbox', { name: 'Filter results' })).toBeHidden();
      await expect(page.getByRole('combobox', { name: 'Show verdict' })).toBeHidden();
      await expect(detail.getByRole('button', { name: 'Close details' })).toBeHidden();
      // The focused heading prints without the ring that shows focus on screen.
      const ring = await detail
        .getByRole('heading')
        .first()
        .evaluate((element) => getComputedStyle(element).boxShadow);
      expect(ring).toBe('none');
      await expect(grid).toBeVisible();
      await page.emulateMedia({ media: 'screen' });
    });
  });

test('Export JSON names the verifier and build, when and under which setting, and each input’s SHA-256', async ({
  verifyPage,
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('aer1.maxAge', '3650d'));
  await verifyPage.open();
  await verifyPage.pasteAndVerify(tamperedReceiptText);
  await verifyPage.expectVerdict('failed');
  const before = Date.now();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    verifier: { name: string; version: string; build: string };
    checked_at: string;
    setting: { profile: string; max_future: string; max_age: string; from: string };
    inputs: { name: string; bytes: number; sha256: string }[];
    reports: { file: string; verdict: string; verdict_under_setting: string }[];
  };
  expect(exported.verifier).toEqual({
    name: 'AER-1 Verifier',
    version: VERSION,
    build: expect.stringMatching(/^[0-9a-f]{12}/),
  });
  const checkedAt = Date.parse(exported.checked_at);
  expect(checkedAt).toBeLessThanOrEqual(before);
  expect(before - checkedAt).toBeLessThan(120_000);
  expect(exported.setting).toEqual({
    profile: 'core',
    max_future: '',
    max_age: '3650d',
    from: 'saved',
  });
  expect(exported.inputs).toEqual([
    {
      name: 'pasted text',
      bytes: Buffer.byteLength(tamperedReceiptText),
      sha256: sha256(tamperedReceiptText),
    },
  ]);
  expect(exported.reports).toHaveLength(1);
  expect(exported.reports[0]).toMatchObject({
    file: 'pasted text',
    verdict: 'failed',
    verdict_under_setting: 'failed',
  });
});

test('a workflow with supplied step receipts: every input’s digest, exported and printed', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open('./#/?sample=workflow-with-steps');
  await verifyPage.expectVerdict('verified');
  const workflow = readFileSync('src/ui/samples/workflow.json', 'utf8');
  const steps = (
    JSON.parse(readFileSync('src/ui/samples/workflow-step-receipts.json', 'utf8')) as unknown[]
  ).map((receipt) => JSON.stringify(receipt, null, 2));
  const digests = [workflow, ...steps].map(sha256);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    inputs: { name: string; sha256: string }[];
  };
  expect(exported.inputs.map((i) => i.sha256)).toEqual(digests);

  const context = page.getByTestId('report-context');
  const rows = context.locator('tbody tr');
  // Its rows are built for printing only: on screen a drop of thousands of files would make a
  // hidden row for each.
  await expect(rows).toHaveCount(0);
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await expect(rows).toHaveCount(digests.length);
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(rows).toHaveCount(0);

  await page.emulateMedia({ media: 'print' });
  await expect(context).toBeVisible();
  await expect(rows).toHaveCount(digests.length);
  await expect(context).toContainText(`AER-1 Verifier ${VERSION}`);
  await expect(context).toContainText(/build [0-9a-f]{12}/);
  await expect(context).toContainText(/Checked \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
  await expect(context).toContainText('core (the draft) · no clock policy');
  for (const digest of digests) await expect(context).toContainText(digest);
  await page.emulateMedia({ media: 'screen' });
  // On screen the context stays out of the way (the toolbar's Export and Print carry it).
  await expect(context).toBeHidden();
});
