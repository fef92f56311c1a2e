import { test as base, expect } from '@playwright/test';
import { VerifyPageObject } from './pages/verify-page';

/**
 * The system clipboard is one for every browser the suite runs at once, so a test that copies a
 * link and reads it back could read another test's copy: each page reads back what it wrote
 * itself (and writes through to the real clipboard, for tests that paste from it). A test reads
 * a copied link once the page says it is copied (VerifyPageObject.copyLink).
 */
function clipboardOfThisPage(): void {
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!clipboard) return;
  let written: string | undefined;
  const writeText = clipboard.writeText.bind(clipboard);
  const readText = clipboard.readText.bind(clipboard);
  clipboard.writeText = async (text: string) => {
    written = text;
    return writeText(text);
  };
  clipboard.readText = async () => written ?? readText();
}

/**
 * Every test records each request the page makes; after the test, any request that left the
 * page's own origin fails it (the app promises nothing leaves the browser unasked).
 */
export const test = base.extend<{
  verifyPage: VerifyPageObject;
  requestLog: string[];
  allowedOrigins: string[];
}>({
  allowedOrigins: [[], { option: true }],
  context: async ({ context }, use) => {
    await context.addInitScript(clipboardOfThisPage);
    await use(context);
  },
  requestLog: async ({ page, allowedOrigins, baseURL }, use) => {
    const log: string[] = [];
    page.on('request', (request) => log.push(request.url()));
    await use(log);
    const own = new URL(baseURL as string).origin;
    const offOrigin = log.filter((url) => {
      if (url.startsWith('data:') || url.startsWith('blob:')) return false;
      const origin = new URL(url).origin;
      return origin !== own && !allowedOrigins.includes(origin);
    });
    expect(offOrigin, 'requests that left the page origin').toEqual([]);
  },
  verifyPage: async ({ page, requestLog }, use) => {
    void requestLog;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await use(new VerifyPageObject(page));
    expect(errors, 'page errors and console errors (CSP violations included)').toEqual([]);
  },
});

export { expect };
