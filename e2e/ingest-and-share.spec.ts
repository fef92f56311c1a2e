import { createServer, type Server } from 'node:http';
import { expect, test } from './fixtures';
import { receiptBatch, tamperedReceiptText, validReceiptText } from './support/receipts';

test.describe('getting receipts in', () => {
  test('a JSON Lines batch of 1,000 receipts with 3 tampered shows 3 failed in the table', async ({
    verifyPage,
    page,
  }) => {
    await verifyPage.open();
    await verifyPage.dropFiles([{ name: 'batch.jsonl', text: receiptBatch(1000, [7, 500, 998]) }]);
    await verifyPage.expectVerdict('failed');
    await expect(page.getByTestId('results-counts')).toHaveText(
      '1,000 documents: 3 failed, 0 incomplete, 997 verified',
    );
    const failedRows = page.locator('[data-testid="result-row"][data-verdict="failed"]');
    await expect(failedRows).toHaveCount(3);
    await expect(failedRows.first()).toContainText(
      'output_hash does not match sha256(canonical_bytes)',
    );
    await page.getByLabel('Show verdict').selectOption('verified');
    await expect(page.locator('[data-testid="result-row"][data-verdict="failed"]')).toHaveCount(0);
    await page.getByLabel('Show verdict').selectOption('failed');
    await failedRows.nth(1).click();
    await expect(page.getByTestId('result-detail')).toContainText('line record 501');
  });

  test('several dropped receipts each get a row and their own verdict', async ({
    verifyPage,
    page,
  }) => {
    await verifyPage.open();
    await expect(page.getByTestId('drop-overlay')).toHaveCount(0);
    await verifyPage.dropFiles([
      { name: 'good.json', text: validReceiptText },
      { name: 'bad.json', text: tamperedReceiptText },
    ]);
    await verifyPage.expectVerdict('failed');
    await expect(page.getByTestId('results-counts')).toHaveText(
      '2 documents: 1 failed, 0 incomplete, 1 verified',
    );
  });

  test('a file that fits nowhere is listed with the reason', async ({ verifyPage, page }) => {
    await verifyPage.open();
    await verifyPage.dropFiles([
      { name: 'a.json', text: validReceiptText },
      { name: 'b.json', text: tamperedReceiptText },
      { name: 'notes.txt', text: 'just some notes' },
    ]);
    await expect(page.getByTestId('unplaced')).toContainText('notes.txt');
    await expect(page.getByTestId('unplaced')).toContainText('matches none of the 2 records');
  });

  test('the file picker verifies what it picks', async ({ verifyPage, page }) => {
    await verifyPage.open();
    await page.getByTestId('file-input').setInputFiles({
      name: 'r.json',
      mimeType: 'application/json',
      buffer: Buffer.from(validReceiptText),
    });
    await verifyPage.expectVerdict('verified');
  });
});

test.describe('share links', () => {
  test('a copied link re-verifies in a fresh page with the same verdict', async ({
    verifyPage,
    context,
    browser,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await verifyPage.open();
    await verifyPage.pasteAndVerify(tamperedReceiptText);
    await verifyPage.expectVerdict('failed');
    const link = await verifyPage.copyLink();
    // The documents, then the setting the result was verified under (e2e/share-setting.spec.ts).
    expect(new URL(link).hash).toMatch(/^#r=1\.[A-Za-z0-9_-]+&profile=core$/);
    expect(new URL(link).search).toBe('');

    const fresh = await browser.newPage();
    const requests: string[] = [];
    fresh.on('request', (r) => requests.push(r.url()));
    await fresh.goto(link);
    await expect(fresh.getByTestId('verdict-banner')).toHaveAttribute('data-verdict', 'failed');
    await expect(fresh.getByTestId('receipt-input')).toHaveValue(tamperedReceiptText);
    expect(requests.every((url) => new URL(url).origin === new URL(link).origin)).toBe(true);
    // The payload never reached the server: no request carried it.
    // (Looked for by the payload itself: an asset's content hash may well contain "1.".)
    const payload = new URL(link).hash.slice('#r=1.'.length);
    expect(requests.some((url) => url.includes(payload.slice(0, 24)))).toBe(false);
    await fresh.close();
  });

  test('a corrupt share link gets a clear message', async ({ verifyPage, page }) => {
    await page.goto('./#r=1.AAAAthis-is-not-deflate');
    await expect(page.getByTestId('error')).toContainText('This share link is corrupt');
    await page.goto('./#r=9.abc');
    await expect(page.getByTestId('error')).toContainText('format version 9');
    void verifyPage;
  });

  test('?r= in the query is moved into the fragment with a notice', async ({
    verifyPage,
    page,
  }) => {
    await verifyPage.open();
    await verifyPage.pasteAndVerify(validReceiptText);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const link = new URL(await verifyPage.copyLink());
    const queryLink = `${link.origin}${link.pathname}?r=${link.hash.slice('#r='.length)}`;
    await page.goto(queryLink);
    await verifyPage.expectVerdict('verified');
    await expect(page.getByTestId('notice')).toContainText('moved it after the #');
    expect(new URL(page.url()).search).toBe('');
  });
});

test.describe('receipt links (?src=)', () => {
  // One local server for the group: run its tests in one worker.
  test.describe.configure({ mode: 'serial' });
  const SRC_PORT = 4392;
  const srcOrigin = `http://127.0.0.1:${SRC_PORT}`;
  let server: Server;
  const hits: string[] = [];
  /** The Host of each request the server received: which host was really asked. */
  const hosts: string[] = [];
  test.use({ allowedOrigins: [srcOrigin] });

  test.beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      hosts.push(request.headers.host ?? '');
      const cors = request.url?.startsWith('/cors/');
      if (request.url === '/cors/redirect.json') {
        // To another origin (localhost, not 127.0.0.1) that would serve the receipt, CORS and all.
        response.writeHead(302, {
          location: `http://localhost:${SRC_PORT}/cors/receipt.json`,
          'access-control-allow-origin': '*',
        });
        response.end();
        return;
      }
      response.writeHead(200, {
        'content-type': 'application/json',
        ...(cors ? { 'access-control-allow-origin': '*' } : {}),
      });
      response.end(validReceiptText);
    });
    await new Promise<void>((ready) => server.listen(SRC_PORT, '127.0.0.1', ready));
  });
  test.afterAll(() => new Promise<void>((done) => server.close(() => done())));

  test('loads after confirmation, and not before', async ({ verifyPage, page }) => {
    hits.length = 0;
    await page.goto(`./?src=${encodeURIComponent(`${srcOrigin}/cors/receipt.json`)}`);
    await expect(page.getByTestId('link-host')).toHaveText(`127.0.0.1:${SRC_PORT}`);
    await page.waitForTimeout(300);
    expect(hits, 'no request before the user confirms').toEqual([]);
    await page.getByRole('button', { name: `Fetch from 127.0.0.1:${SRC_PORT}` }).click();
    await verifyPage.expectVerdict('verified');
    expect(hits).toEqual(['/cors/receipt.json']);
    // Its share link carries the URL, not the receipt.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const link = await verifyPage.copyLink();
    // The link says where the receipt is and the profile setting it was verified under.
    expect(decodeURIComponent(new URL(link).hash)).toBe(
      `#src=${srcOrigin}/cors/receipt.json&profile=core`,
    );
  });

  test.describe('a redirect', () => {
    // Chromium lists the redirect it was told not to follow as a request, aborted before it is
    // sent (ERR_ABORTED): the server's log below says what really reached a host.
    test.use({ allowedOrigins: [srcOrigin, `http://localhost:${SRC_PORT}`] });
    test('a redirect to another host is refused, not followed and labelled with the confirmed host', async ({
      verifyPage,
      page,
    }) => {
      hits.length = 0;
      hosts.length = 0;
      await page.goto(`./?src=${encodeURIComponent(`${srcOrigin}/cors/redirect.json`)}`);
      await expect(page.getByTestId('link-host')).toHaveText(`127.0.0.1:${SRC_PORT}`);
      await page.getByRole('button', { name: `Fetch from 127.0.0.1:${SRC_PORT}` }).click();
      await expect(page.getByTestId('link-error')).toContainText(
        `127.0.0.1:${SRC_PORT} answered with a redirect to another address, which this page does not follow`,
      );
      // Nothing was verified, and the other host was never asked: the server (which answers
      // for localhost too) received the one request, for the confirmed host.
      await expect(page.getByTestId('verdict-banner')).toHaveCount(0);
      expect(hits).toEqual(['/cors/redirect.json']);
      expect(hosts).toEqual([`127.0.0.1:${SRC_PORT}`]);
      void verifyPage;
    });
  });

  test('a server without CORS gets an explanation, not a spinner', async ({ page }) => {
    await page.goto(`./#src=${encodeURIComponent(`${srcOrigin}/nocors/receipt.json`)}`);
    await page.getByRole('button', { name: /Fetch from/ }).click();
    await expect(page.getByTestId('link-error')).toContainText(
      'does not allow other sites to read it (no CORS header)',
    );
  });
});
