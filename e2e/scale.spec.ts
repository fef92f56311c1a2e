import type { Page } from '@playwright/test';
import { buildBatchText } from '../bench/batch';
import { buildWorkflowText } from '../bench/workflow';
import { expect, test } from './fixtures';

/** Hands a large file to the page's drop handler without pushing it through page.evaluate. */
async function dropLargeFile(page: Page, name: string, text: string): Promise<void> {
  await page
    .getByTestId('file-input')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

test.describe('large inputs stay responsive', () => {
  test.setTimeout(120_000);

  test('a 100,000-step workflow verifies in the Worker and renders a virtualised step list', async ({
    verifyPage,
    page,
  }) => {
    const { text } = buildWorkflowText(100_000);
    await verifyPage.open();
    await dropLargeFile(page, 'big-workflow.json', text);
    await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'verified', {
      timeout: 90_000,
    });
    await expect(page.getByTestId('workflow-view')).toContainText('100000');
    const rendered = await page.getByTestId('step-row').count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(200);
    // The page still answers: open a step far down the list through the Merkle audit path view.
    await page.getByTestId('step-row').first().click();
    await expect(page.getByTestId('audit-path')).toContainText('level 17');
    await expect(page.getByText(/the raw tree is shown only up to/)).toBeVisible();
  });

  test('a batch can be cancelled while it runs, and the page stays usable', async ({
    verifyPage,
    page,
  }) => {
    await verifyPage.open();
    await dropLargeFile(page, 'batch.jsonl', buildBatchText(10_000) + buildBatchText(10_000));
    const cancel = page.getByTestId('progress').getByRole('button', { name: 'Cancel' });
    await cancel.click();
    await expect(page.getByTestId('progress')).toHaveCount(0);
    await verifyPage.chooseSample('Valid receipt');
    await verifyPage.expectVerdict('verified');
  });
});
