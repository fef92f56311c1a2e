import { test as base, expect } from '@playwright/test';
import { VerifyPageObject } from './pages/verify-page';

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
