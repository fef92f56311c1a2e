import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { seriousViolations } from './support/axe';
import { makeReceipt, tamperedReceiptText, validReceiptText } from './support/receipts';

/** Issue #10.6: no serious or critical axe-core violations in the main states, in both themes. */

const strictFailing = (
  JSON.parse(readFileSync('src/core/receipt/vectors/strict-schema-version-0.2.json', 'utf8')) as {
    text: string;
  }
).text;
const futureDated = JSON.stringify(
  makeReceipt(
    { tool: 'live_price', inputs: {}, outputs: {} },
    { created_at: `${new Date().getUTCFullYear() + 4}-01-01T00:00:00Z` },
  ),
  null,
  2,
);

const STATES: {
  name: string;
  path: string;
  paste?: string;
  verdict?: string;
  /** Saved settings (localStorage) before the page loads. */
  saved?: Record<string, string>;
  /** Waits for this test id before the analysis (a page other than the verifier). */
  waitFor?: string;
}[] = [
  { name: 'landing', path: './#/' },
  { name: 'a verified receipt', path: './#/?sample=valid-receipt', verdict: 'verified' },
  { name: 'a failed receipt', path: './#/?sample=tampered-receipt', verdict: 'failed' },
  { name: 'a workflow', path: './#/?sample=workflow-with-steps', verdict: 'verified' },
  { name: 'a timeline', path: './#/?sample=timeline-relabelled', verdict: 'failed' },
  {
    name: 'a batch',
    path: './#/',
    paste: `[${validReceiptText},${tamperedReceiptText}]`,
    verdict: 'failed',
  },
  // Issue 24: the verdict under a stricter profile, a warning beside the verdict, linked rules.
  {
    name: 'failed under the strict profile',
    path: './#/',
    paste: strictFailing,
    verdict: 'failed',
    saved: { 'aer1.profile': 'strict' },
  },
  { name: 'a warning beside the verdict', path: './#/', paste: futureDated, verdict: 'verified' },
  {
    name: 'a rule opened from a report',
    path: './#/rules?rule=chain.link',
    waitFor: 'rules-table',
  },
  { name: 'a format section', path: './#/format?section=4.3', waitFor: 'format-sections' },
];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe, ${theme} theme`, () => {
    test.use({ colorScheme: theme });
    for (const state of STATES) {
      test(`${state.name}`, async ({ verifyPage, page }) => {
        if (state.saved)
          await page.addInitScript((saved) => {
            for (const [key, value] of Object.entries(saved)) localStorage.setItem(key, value);
          }, state.saved);
        if (state.waitFor) {
          await page.goto(state.path);
          await expect(page.getByTestId(state.waitFor)).toBeVisible();
        } else await verifyPage.open(state.path);
        if (state.paste !== undefined) await verifyPage.pasteAndVerify(state.paste);
        if (state.verdict)
          await verifyPage.expectVerdict(state.verdict as 'verified' | 'failed' | 'incomplete');
        if (state.name === 'a batch') await page.getByTestId('result-row').first().click();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
