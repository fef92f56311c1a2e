import { expect, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { tamperedReceiptText, validReceiptText } from './support/receipts';
import { SCREENS, screenName, THEMES } from './support/screens';

/**
 * Issue 24 item 3: the results table says which file (and which line of a JSON Lines file) each
 * row is, at every width; a row opens its details in view with focus on them; a batch shown in
 * the editor has markers on its failing lines.
 */

const valid = JSON.stringify(JSON.parse(validReceiptText));
const tampered = JSON.stringify(JSON.parse(tamperedReceiptText));

for (const theme of THEMES) {
  for (const screen of SCREENS) {
    test.describe(`batch sources at ${screenName(screen)}, ${theme} theme`, () => {
      test.use({ viewport: screen, colorScheme: theme });

      test('each row names its file and line; a row opens its details in view', async ({
        verifyPage,
        page,
      }) => {
        await verifyPage.open();
        // Files of their own: each row is named by its file.
        await verifyPage.dropFiles([
          { name: 'first-receipt.json', text: validReceiptText },
          { name: 'second-receipt.json', text: tamperedReceiptText },
        ]);
        await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', {
          timeout: 30_000,
        });
        const grid = page.getByRole('grid', { name: 'Results' });
        await expect(grid.getByRole('columnheader', { name: 'Source' })).toBeVisible();
        await expect(grid.getByTestId('row-source')).toHaveText([
          'second-receipt.json',
          'first-receipt.json',
        ]);

        // A JSON Lines file with a blank line: record 2 is on line 3 of the file.
        await verifyPage.dropFiles([
          { name: 'calls.jsonl', text: `${valid}\n\n${tampered}\n${valid}\n` },
        ]);
        await expect(page.getByTestId('results-counts')).toContainText('3 documents: 1 failed');
        const failed = grid.locator('[data-testid="result-row"][data-verdict="failed"]');
        await expect(failed).toHaveCount(1);
        const source = failed.getByTestId('row-source');
        await expect(source).toBeVisible();
        // Wholly shown, not cut at the table's edge or shortened with an ellipsis.
        await source.scrollIntoViewIfNeeded();
        await expect(source).toBeInViewport({ ratio: 1 });
        const whole = await source.evaluate((el) => {
          const cell = el.closest('[role="gridcell"]');
          return cell !== null && cell.scrollWidth <= cell.clientWidth;
        });
        expect(whole, 'the source is not cut off').toBe(true);
        await expect(source).toHaveText('calls.jsonl · line 3');
        await expect(grid.getByTestId('row-source')).toHaveText([
          'calls.jsonl · line 3',
          'calls.jsonl · line 1',
          'calls.jsonl · line 4',
        ]);
        if (screen.width === 1366) expect(await seriousViolations(page)).toEqual([]);

        await failed.click();
        const detail = page.getByTestId('result-detail');
        await expect(detail).toBeInViewport();
        await expect(detail.getByRole('heading').first()).toBeFocused();
        await expect(detail.getByRole('heading').first()).toContainText('calls.jsonl');
      });

      test('a batch in the editor has markers on its failing lines, a large one too', async ({
        verifyPage,
        page,
      }) => {
        await verifyPage.open();
        const small = `${valid}\n${valid}\n${tampered}\n${valid}\n`;
        await verifyPage.paste(small);
        await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', {
          timeout: 30_000,
        });
        await expect(verifyPage.input).toHaveValue(small);
        const markers = page.getByTestId('editor-gutter').locator('[data-marker="fail"]');
        await expect(markers).toHaveCount(1);
        await expect(markers).toHaveAttribute('data-line', '3');
        const grid = page.getByRole('grid', { name: 'Results' });
        await expect(grid.getByTestId('row-source').first()).toHaveText('pasted text · line 3');

        // 1,200 records (above the 1,000 whose full reports come to the page, still small
        // enough for the editor): record 1,000 is tampered with.
        const lines = Array.from({ length: 1_200 }, (_, i) => (i === 999 ? tampered : valid));
        await verifyPage.paste(lines.join('\n') + '\n');
        await expect(page.getByTestId('results-counts')).toContainText('1200 documents: 1 failed', {
          timeout: 60_000,
        });
        await expect(grid.getByTestId('row-source').first()).toHaveText('pasted text · line 1000');
        await verifyPage.input.evaluate((editor) => {
          editor.scrollTop = (1_000 - 5) * 20;
          editor.dispatchEvent(new Event('scroll'));
        });
        await expect(markers).toHaveCount(1);
        await expect(markers).toHaveAttribute('data-line', '1000');
      });
    });
  }
}
