import { decodeSharePayload, encodeSharePayload } from '../src/share/share-link';
import { expect, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { tamperedReceiptText, validReceiptText } from './support/receipts';
import { SCREENS, screenName, THEMES } from './support/screens';

/**
 * Issue 24 item 2: files supplied with one input go with that input. A new paste, sample, file or
 * link starts a fresh input, and what the user pasted stays in the editor.
 */

/** The documents a share link carries (the fragment's `r=`). */
function linkDocuments(link: string): string[] {
  const fragment = decodeURIComponent(new URL(link).hash);
  const value = /[#?&]r=([^&]+)/.exec(fragment)?.[1];
  if (value === undefined) throw new Error(`no r= in ${link}`);
  const decoded = decodeSharePayload(value);
  if (!decoded.ok) throw new Error(`unreadable link ${link}`);
  return [decoded.input.main.name, ...decoded.input.supplied.map((d) => d.name)];
}

for (const theme of THEMES) {
  for (const screen of SCREENS) {
    test.describe(`a fresh input at ${screenName(screen)}, ${theme} theme`, () => {
      test.use({ viewport: screen, colorScheme: theme });

      test('files supplied, or removed, after a verdict mark it as computed without them until Verify', async ({
        verifyPage,
        page,
      }) => {
        await verifyPage.open();
        await verifyPage.pasteAndVerify(validReceiptText);
        await verifyPage.expectVerdict('verified');
        const notice = page.getByTestId('stale-notice');
        await expect(notice).toHaveCount(0);
        await page
          .getByTestId('supply-input')
          .setInputFiles([
            { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not evidence') },
          ]);
        // The result on screen was computed without notes.txt: it says so, greyed.
        await expect(notice).toContainText('Changed since verified');
        await expect(notice).toContainText('Press Verify');
        await expect(verifyPage.banner).toHaveAttribute('data-stale', 'true');
        if (screen.width === 1366) expect(await seriousViolations(page)).toEqual([]);
        await verifyPage.input.press('Control+Enter');
        await expect(verifyPage.banner).toHaveAttribute('data-stale', 'false', { timeout: 30_000 });
        await expect(notice).toHaveCount(0);
        await expect(page.getByTestId('supplied')).toContainText('Supplied with it');
        // Removing it changes the input again.
        await page
          .getByTestId('supplied')
          .getByRole('button', { name: /Remove notes\.txt/ })
          .click();
        await expect(notice).toContainText('Changed since verified');
      });

      test('a receipt pasted after the workflow with step receipts is verified alone and stays in the editor', async ({
        verifyPage,
        page,
      }) => {
        await verifyPage.open('./#/?sample=workflow-with-steps');
        await verifyPage.expectVerdict('verified');
        await expect(page.getByTestId('supplied').getByRole('listitem')).toHaveCount(5);

        await verifyPage.paste(validReceiptText);
        await verifyPage.expectVerdict('verified');
        await expect(verifyPage.banner).not.toContainText('records');
        await expect(verifyPage.input).toHaveValue(validReceiptText);
        await expect(page.getByTestId('supplied')).toHaveCount(0);
        await expect(page.getByTestId('not-in-editor')).toHaveCount(0);
        await expect(page.getByTestId('results-table')).toHaveCount(0);

        const link = await verifyPage.copyLink();
        expect(linkDocuments(link)).toEqual(['pasted text']);
        if (screen.width === 1366) expect(await seriousViolations(page)).toEqual([]);
      });

      test('files dropped after the workflow with step receipts are verified without its step receipts', async ({
        verifyPage,
        page,
        context,
      }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await verifyPage.open('./#/?sample=workflow-with-steps');
        await verifyPage.expectVerdict('verified');
        await expect(page.getByTestId('supplied').getByRole('listitem')).toHaveCount(5);

        await verifyPage.dropFiles([{ name: 'tampered.json', text: tamperedReceiptText }]);
        await verifyPage.expectVerdict('failed');
        await expect(verifyPage.banner).not.toContainText('records');
        await expect(page.getByTestId('supplied')).toHaveCount(0);
        await expect(page.getByTestId('results-table')).toHaveCount(0);
        await expect(verifyPage.input).toHaveValue(tamperedReceiptText);

        const link = await verifyPage.copyLink();
        expect(linkDocuments(link)).toEqual(['tampered.json']);
      });

      test('a share link opened after the workflow with step receipts is verified without its step receipts', async ({
        verifyPage,
        page,
        context,
      }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await verifyPage.open('./#/?sample=workflow-with-steps');
        await verifyPage.expectVerdict('verified');
        await expect(page.getByTestId('supplied').getByRole('listitem')).toHaveCount(5);
        // The same page, not a reload: a fresh page would hold no step receipts anyway.
        await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));

        const value = encodeSharePayload({
          main: { name: 'shared.json', text: tamperedReceiptText },
          supplied: [],
        });
        await page.evaluate((hash) => window.location.assign(hash), `#r=${value}`);
        await verifyPage.expectVerdict('failed');
        expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
        await expect(verifyPage.banner).not.toContainText('records');
        await expect(page.getByTestId('supplied')).toHaveCount(0);
        await expect(page.getByTestId('results-table')).toHaveCount(0);
        await expect(verifyPage.input).toHaveValue(tamperedReceiptText);

        const link = await verifyPage.copyLink();
        expect(linkDocuments(link)).toHaveLength(1);
      });

      test('documents supplied before any input are announced, naming how many, and go with the next paste', async ({
        verifyPage,
        page,
        context,
      }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await verifyPage.open();
        await page.getByTestId('supply-input').setInputFiles(
          [1, 2, 3].map((n) => ({
            name: `evidence-${n}.txt`,
            mimeType: 'text/plain',
            buffer: Buffer.from(`evidence ${n}`),
          })),
        );
        const note = page.getByRole('status').getByTestId('supplied-waiting');
        await expect(note).toHaveText(
          '3 supporting documents will be verified with the next input you paste or type; a sample, files or a link start without them.',
        );
        await expect(note).toBeInViewport();
        await expect(page.getByTestId('supplied')).toContainText('Kept for the next input');
        await expect(page.getByRole('button', { name: 'Remove these 3' })).toBeVisible();
        if (screen.width === 1366) expect(await seriousViolations(page)).toEqual([]);

        await verifyPage.paste(validReceiptText);
        await expect(verifyPage.banner).toHaveAttribute('data-stale', 'false', { timeout: 30_000 });
        await expect(verifyPage.input).toHaveValue(validReceiptText);
        // They went with it, as the page said: now supplied with it, no longer waiting.
        await expect(note).toHaveCount(0);
        await expect(page.getByTestId('supplied')).toContainText('Supplied with it');
        const link = await verifyPage.copyLink();
        expect(linkDocuments(link)).toEqual([
          'pasted text',
          'evidence-1.txt',
          'evidence-2.txt',
          'evidence-3.txt',
        ]);
      });

      test('a document supplied before any input can be removed before the paste', async ({
        verifyPage,
        page,
        context,
      }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await verifyPage.open();
        await page.getByRole('button', { name: 'More ▾' }).click();
        await page.getByRole('menuitem', { name: /Paste supporting…/ }).click();
        await page.getByLabel(/Supporting document/).fill('{"kind": 1, "content": "unrelated"}');
        await page.getByRole('button', { name: 'Add as supplied document' }).click();
        await expect(page.getByTestId('supplied-waiting')).toHaveText(
          '1 supporting document will be verified with the next input you paste or type; a sample, files or a link start without it.',
        );
        const remove = page.getByRole('button', { name: 'Remove it', exact: true });
        await expect(remove).toHaveAccessibleDescription(/1 supporting document will be verified/);
        await remove.click();
        await expect(page.getByTestId('supplied')).toHaveCount(0);
        await expect(page.getByTestId('supplied-waiting')).toHaveCount(0);

        await verifyPage.paste(validReceiptText);
        await verifyPage.expectVerdict('verified');
        const link = await verifyPage.copyLink();
        expect(linkDocuments(link)).toEqual(['pasted text']);
      });

      test('another sample does not keep the step receipts either', async ({
        verifyPage,
        page,
      }) => {
        await verifyPage.open('./#/?sample=workflow-with-steps');
        await verifyPage.expectVerdict('verified');
        await verifyPage.chooseSample('Valid receipt');
        await verifyPage.expectVerdict('verified');
        await expect(page.getByTestId('supplied')).toHaveCount(0);
        // Typed over (not a paste): still the same single receipt, not a batch with leftovers.
        await verifyPage.input.fill(tamperedReceiptText);
        await verifyPage.input.press('Control+Enter');
        await verifyPage.expectVerdict('failed');
        await expect(verifyPage.banner).not.toContainText('records');
        await expect(verifyPage.input).toHaveValue(tamperedReceiptText);
      });
    });
  }
}

test('a supporting document pasted before the receipt goes with the receipt pasted next', async ({
  verifyPage,
  page,
}) => {
  const event = JSON.stringify({ kind: 1, content: 'not the anchor event' });
  await verifyPage.open();
  await page.getByRole('button', { name: 'More ▾' }).click();
  await page.getByRole('menuitem', { name: /Paste supporting…/ }).click();
  await page.getByLabel(/Supporting document/).fill(event);
  await page.getByRole('button', { name: 'Add as supplied document' }).click();
  await expect(page.getByTestId('supplied')).toContainText('pasted supporting document 1');
  await verifyPage.paste(validReceiptText);
  await expect(verifyPage.banner).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('supplied')).toContainText('pasted supporting document 1');
  await expect(verifyPage.input).toHaveValue(validReceiptText);
});
