import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { buildBatchText } from '../bench/batch';
import { expect, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { tamperedReceiptText, validReceiptText } from './support/receipts';
import { SCREENS, screenName, THEMES } from './support/screens';

/** Issue 24 items 8–11: the page tells the truth about its own state. */

test.describe('the address follows the input (item 8)', () => {
  test('a receipt pasted over a sample is not replaced by the sample on reload', async ({
    verifyPage,
    page,
  }) => {
    await verifyPage.open('./#/?sample=valid-receipt');
    await verifyPage.expectVerdict('verified');
    await verifyPage.paste(tamperedReceiptText);
    await verifyPage.expectVerdict('failed');
    await expect(page).not.toHaveURL(/sample=/);
    await page.reload();
    await expect(verifyPage.input).toBeVisible();
    await expect(page.getByTestId('first-visit')).toBeVisible();
    await expect(verifyPage.banner).toHaveCount(0);
  });

  test('a share link that was edited is dropped from the address', async ({
    verifyPage,
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await verifyPage.open('./#/?sample=valid-receipt');
    await verifyPage.expectVerdict('verified');
    const link = await verifyPage.copyLink();
    await page.goto(link);
    await verifyPage.expectVerdict('verified');
    await expect(page).toHaveURL(/r=/);
    // A reload of the untouched link shows it again.
    await page.reload();
    await verifyPage.expectVerdict('verified');
    // An edit: the link no longer holds what the editor shows.
    await verifyPage.input.press('End');
    await page.keyboard.type(' ');
    await verifyPage.expectVerdict('verified');
    await expect(page).not.toHaveURL(/r=/);
    await page.reload();
    await expect(verifyPage.input).toHaveValue('');
    await expect(verifyPage.banner).toHaveCount(0);
  });
});

test.describe('a new input opens on no row of the input before', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('files dropped after a row was opened open no row; a link to a place still opens it', async ({
    verifyPage,
    page,
  }) => {
    const valid = JSON.stringify(JSON.parse(validReceiptText));
    const tampered = JSON.stringify(JSON.parse(tamperedReceiptText));
    await verifyPage.open();
    await verifyPage.dropFiles([
      { name: 'first.json', text: validReceiptText },
      { name: 'second.json', text: tamperedReceiptText },
    ]);
    await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', { timeout: 30_000 });
    const grid = page.getByRole('grid', { name: 'Results' });
    await grid.getByTestId('result-row').nth(1).click();
    await expect(page.getByTestId('result-detail')).toBeVisible();
    await expect(page).toHaveURL(/at=row-\d/);

    await verifyPage.dropFiles([
      { name: 'calls.jsonl', text: `${valid}\n${tampered}\n` },
      { name: 'third.json', text: validReceiptText },
    ]);
    // Until the new run starts, the result before is on screen with its row's details (two
    // banners): the new result is the one that counts 3 records.
    const newBanner = page.getByTestId('verdict-banner').filter({ hasText: '3 records' });
    await expect(newBanner).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('result-detail')).toHaveCount(0);
    // The focus that was in the row's details goes to the new verdict, not to the page.
    await expect(newBanner).toBeFocused();
    await expect(page).not.toHaveURL(/at=/);

    // A filter no row matches says so, rather than leave the table empty.
    const filter = page.getByRole('searchbox', { name: 'Filter results' });
    await filter.fill('no row has this');
    await expect(page.getByTestId('results-no-match')).toHaveText(
      'No row matches the filter: all 3 documents are hidden. Change or clear the filter to see them.',
    );
    await filter.fill('');
    await expect(page.getByTestId('results-no-match')).toHaveCount(0);

    // A link to a place still opens it.
    await verifyPage.open('./#/?sample=workflow&at=step-3');
    await verifyPage.expectVerdict('verified');
    await expect(page.getByRole('heading', { name: 'Step 3' })).toBeVisible();

    // Clear leaves no result, and no place in one: the address drops it too.
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(verifyPage.banner).toHaveCount(0);
    await expect(page).not.toHaveURL(/at=/);
    await page.reload();
    await expect(verifyPage.input).toHaveValue('');
    await expect(page).not.toHaveURL(/at=/);
  });
});

type NoticeWindow = Window & {
  notices?: { text: string; greyTiles: boolean; greyChecks: boolean }[];
};

/** Notes every state of the "changed since verified" notice, and whether the report is grey. */
async function recordNotices(page: Page): Promise<void> {
  await page.evaluate(() => {
    const target = window as NoticeWindow;
    target.notices = [];
    const grey = (selector: string) => {
      const element = document.querySelector(selector);
      for (let at = element; at; at = at.parentElement)
        if (getComputedStyle(at).filter.includes('grayscale')) return true;
      return false;
    };
    const observer = new MutationObserver(() => {
      const notice = document.querySelector('[data-testid="stale-notice"]');
      if (!notice) return;
      const text = notice.textContent ?? '';
      const last = target.notices?.at(-1);
      if (last?.text === text) return;
      target.notices?.push({
        text,
        greyTiles: grey('[data-testid^="dimension-"]'),
        greyChecks: grey('[data-testid="check"]'),
      });
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

test('while a re-check is pending the whole report is grey and the notice says re-checking (item 10)', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open('./#/?sample=valid-receipt');
  await verifyPage.expectVerdict('verified');
  await recordNotices(page);
  await verifyPage.input.press('End');
  await page.keyboard.type(' ');
  await expect
    .poll(() => page.evaluate(() => (window as NoticeWindow).notices?.length))
    .toBeGreaterThan(0);
  await verifyPage.expectVerdict('verified');
  const notices = await page.evaluate(() => (window as NoticeWindow).notices ?? []);
  for (const notice of notices) {
    expect(notice.text).toContain('Re-checking…');
    expect(notice.text).not.toContain('Press Verify');
    expect(notice).toMatchObject({ greyTiles: true, greyChecks: true });
  }
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    // The marked state, held on screen: too large to be re-checked while typing.
    await verifyPage.input.fill(
      tamperedReceiptText.replace('{', `{"pad": "${'x'.repeat(70_000)}",`),
    );
    await expect(page.getByTestId('report-area')).toHaveAttribute('data-stale', 'true');
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test.describe('progress and cancel of a 60,000-record file (item 9)', () => {
  test.setTimeout(180_000);
  let dir: string;
  test.beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'aer1-e2e-'));
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('shows how far it is, says Cancelled, and opens again without "changed since verified"', async ({
    verifyPage,
    page,
  }) => {
    const path = join(dir, 'sixty-thousand.jsonl');
    writeFileSync(path, buildBatchText(60_000));
    await verifyPage.open();
    await page.getByTestId('file-input').setInputFiles(path);
    const progress = page.getByTestId('progress');
    await expect(progress).toContainText(/\b\d{1,3} % of the file · [\d,]+ records verified/, {
      timeout: 60_000,
    });
    await expect(progress).not.toContainText(/ of 100$/);
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('cancelled')).toContainText('Cancelled');
    await expect(page.getByTestId('not-in-editor')).not.toContainText('verified from the file');
    await expect(page.getByTestId('not-in-editor')).toContainText('not verified');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('file-input').setInputFiles(path);
    await expect(progress).toBeVisible();
    await expect(page.getByTestId('cancelled')).toHaveCount(0);
    await expect(page.getByTestId('stale-notice')).toHaveCount(0);
    await expect(page.getByTestId('not-in-editor')).not.toContainText(/— verified from the file/);
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('cancelled')).toBeVisible();
  });
});

test.describe('confirmations in view with focus on their action (item 11)', () => {
  for (const screen of SCREENS) {
    test(`a ?src= link asks in view, focus on Fetch, at ${screenName(screen)}`, async ({
      verifyPage,
      page,
    }) => {
      await page.setViewportSize(screen);
      await page.goto(`./?src=${encodeURIComponent('https://receipts.example/r/1.json')}`);
      await expect(verifyPage.input).toBeAttached();
      const fetch = page.getByRole('button', { name: 'Fetch from receipts.example' });
      await expect(fetch).toBeInViewport({ ratio: 1 });
      await expect(fetch).toBeFocused();
      await expect(page.getByText('This will contact')).toBeInViewport();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('link-loader')).toHaveCount(0);
    });
  }

  for (const theme of THEMES) {
    test(`after Continue in Open link, focus is on Fetch (${theme})`, async ({
      verifyPage,
      page,
    }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width: 1366, height: 900 });
      await verifyPage.open();
      await page.getByRole('button', { name: 'Open link…' }).click();
      const address = page.getByLabel(/Receipt URL/);
      await expect(address).toBeFocused();
      await address.fill('https://receipts.example/r/2.json');
      await page.getByRole('button', { name: 'Continue' }).click();
      const fetch = page.getByRole('button', { name: 'Fetch from receipts.example' });
      await expect(fetch).toBeFocused();
      await expect(fetch).toBeInViewport({ ratio: 1 });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Change' }).click();
      await expect(address).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Open link…' })).toBeFocused();
    });

    test(`Paste supporting moves focus into its text area, and its form into view (${theme})`, async ({
      verifyPage,
      page,
    }) => {
      await page.emulateMedia({ colorScheme: theme });
      // A laptop screen, under a workflow (its editor is full): the form opens below the fold
      // of the input column.
      await page.setViewportSize({ width: 1366, height: 768 });
      await verifyPage.open('./#/?sample=workflow');
      await verifyPage.expectVerdict('verified');
      await page.getByRole('button', { name: 'More ▾' }).click();
      await page.getByRole('menuitem', { name: /Paste supporting…/ }).click();
      const area = page.getByLabel(/Supporting document/);
      await expect(area).toBeFocused();
      // The whole form in view, its button too; the column scrolled, not the page.
      await expect(area).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('button', { name: 'Add as supplied document' })).toBeInViewport({
        ratio: 1,
      });
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
