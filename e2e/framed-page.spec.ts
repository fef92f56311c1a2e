import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { expect, test, type Frame, type Page } from '@playwright/test';

/**
 * The app framed by another site (a page on another origin: its own port). A <meta> CSP cannot
 * forbid framing and this test server sends no frame-ancestors header, as a careless host would:
 * the app then switches off every action that contacts the network and offers its own tab.
 */
async function framed(page: Page, appUrl: string): Promise<{ frame: Frame; close: () => void }> {
  const framer = createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Another site</title><iframe id="app" src="${appUrl}" width="1200" height="900"></iframe>`,
    );
  });
  await new Promise<void>((ready) => framer.listen(0, '127.0.0.1', ready));
  await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
  const frame = page.frames().find((f) => f.url().startsWith(new URL(appUrl).origin));
  if (!frame) throw new Error('the app frame did not load');
  // A fresh context loads the app cold, beside other tests' browsers: on a loaded machine that
  // has taken more than the default five seconds.
  await expect(frame.getByTestId('receipt-input')).toBeVisible({ timeout: 30_000 });
  return { frame, close: () => framer.close() };
}

/** Drops files on the framed app the way a person does (a real DataTransfer). */
async function dropFiles(frame: Frame, files: { name: string; text?: string; base64?: string }[]) {
  await frame.evaluate((list) => {
    const data = new DataTransfer();
    for (const f of list) {
      const content =
        f.base64 !== undefined
          ? Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))
          : (f.text ?? '');
      data.items.add(new File([content], f.name));
    }
    for (const type of ['dragenter', 'dragover', 'drop'])
      window.dispatchEvent(
        new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
      );
  }, files);
}

test.describe('the app framed by another origin', () => {
  test('Open link… and a ?src= link offer the verifier in its own tab instead of fetching', async ({
    page,
    baseURL,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const target = 'https://receipts.example/r.json';
    const app = new URL(`./#/?src=${encodeURIComponent(target)}`, baseURL).href;
    const { frame, close } = await framed(page, app);
    try {
      const ownTab = frame.getByRole('link', { name: 'Open the verifier in its own tab' });
      await expect(ownTab).toBeVisible();
      await expect(ownTab).toHaveAttribute('target', '_blank');
      expect(new URL((await ownTab.getAttribute('href')) as string).origin).toBe(
        new URL(baseURL as string).origin,
      );
      await expect(frame.getByTestId('link-loader')).toContainText(
        'does not contact the network from here',
      );
      // The same from the Open link… button (the notice is a dialog: closed first).
      await frame.getByTestId('link-loader').getByRole('button', { name: 'Close' }).click();
      await expect(frame.getByTestId('link-loader')).toHaveCount(0);
      await frame.getByRole('button', { name: /Open link/ }).click();
      await expect(ownTab).toBeVisible();
      expect(requests.filter((url) => url.startsWith('https://receipts.example'))).toEqual([]);
    } finally {
      close();
    }
  });

  test('the block-explorer and relay lookups are switched off', async ({ page, baseURL }) => {
    const { frame, close } = await framed(page, new URL('./', baseURL).href);
    try {
      const proof = readFileSync('src/ui/samples/hello-world.txt.ots.b64', 'utf8').trim();
      await dropFiles(frame, [
        { name: 'hello-world.txt.ots', base64: proof },
        { name: 'hello-world.txt', text: 'Hello World!\n' },
      ]);
      const fetchHeader = frame
        .getByTestId('header-lookup')
        .getByRole('button', { name: /Fetch block 358391/ });
      await expect(fetchHeader).toBeDisabled({ timeout: 30_000 });
      await expect(fetchHeader).toHaveAttribute('title', /does not contact the network from here/);

      await dropFiles(frame, [
        {
          name: 'receipt.json',
          text: readFileSync('src/ui/samples/nostr-anchored-receipt.json', 'utf8'),
        },
      ]);
      const askRelays = frame
        .getByTestId('relay-lookup')
        .getByRole('button', { name: 'Ask the relays for the event' });
      await expect(askRelays).toBeDisabled({ timeout: 30_000 });
    } finally {
      close();
    }
  });
});
