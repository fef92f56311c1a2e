import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tamperedReceiptText, validReceiptText } from './support/receipts';

/** Issue #10.6: no serious or critical axe-core violations in the main states, in both themes. */

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice', 'experimental'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`)
          .join('\n'),
    );
}

const STATES: { name: string; path: string; paste?: string; verdict?: string }[] = [
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
];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe, ${theme} theme`, () => {
    test.use({ colorScheme: theme });
    for (const state of STATES) {
      test(`${state.name}`, async ({ verifyPage, page }) => {
        await verifyPage.open(state.path);
        if (state.paste !== undefined) await verifyPage.pasteAndVerify(state.paste);
        if (state.verdict)
          await verifyPage.expectVerdict(state.verdict as 'verified' | 'failed' | 'incomplete');
        if (state.name === 'a batch') await page.getByTestId('result-row').first().click();
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
