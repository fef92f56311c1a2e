import { expect, test } from './fixtures';
import { tamperedReceiptText, validReceiptText } from './support/receipts';

/** Issue #10.4: the page never says more than was checked, and never changes the data. */

test('dimensions: the checked ones lead, the rest collapse into one line without enum text', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open('./#/?sample=valid-receipt');
  await verifyPage.expectVerdict('verified');
  const tiles = page.getByRole('list', { name: 'Dimensions' }).getByRole('listitem');
  await expect(tiles).toHaveCount(2);
  const line = page.getByTestId('not-checked-line');
  await expect(line).toContainText('Not checked');
  await expect(line).toContainText('Issuer');
  await expect(page.locator('main')).not.toContainText('not_checked');
});

test('a summary standing for several failures lists them all on click', async ({ verifyPage }) => {
  await verifyPage.open();
  const receipt = JSON.parse(tamperedReceiptText) as Record<string, unknown>;
  receipt.id = 'NOT-A-UUID';
  receipt.created_at = 'yesterday';
  await verifyPage.pasteAndVerify(JSON.stringify(receipt, null, 2));
  await verifyPage.expectVerdict('failed');
  const schema = verifyPage.dimension('schema_validity');
  const more = schema.getByRole('button', { name: /\(\+\d+ more\)/ });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(schema.getByRole('listitem')).toHaveCount(
    Number(/\(\+(\d+) more\)/.exec((await more.textContent()) ?? '')?.[1] ?? 0) + 1,
  );
});

test('data keeps its case: a job id is shown as written', async ({ verifyPage, page }) => {
  await verifyPage.open('./#/?sample=timeline-relabelled');
  await verifyPage.expectVerdict('failed');
  const title = page.getByRole('heading', { name: /Entries/ });
  await expect(title).toContainText('job-7a1f');
  const transform = await title.evaluate((el) => getComputedStyle(el).textTransform);
  expect(transform).toBe('none');
});

test('a broken chain link marks both sides and says so in words', async ({ verifyPage, page }) => {
  await verifyPage.open('./#/?sample=timeline-relabelled');
  await verifyPage.expectVerdict('failed');
  const changed = page.locator('[data-testid="chain-entry"][data-changed="true"]');
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText('no longer matches what Entry');
  await expect(changed).toHaveAttribute('data-failed', 'true');
  const link = page.locator('[data-testid="chain-link"][data-first-broken="true"]');
  await expect(link.getByTestId('chain-break-explained')).toHaveText(
    /^Entry (\d+)’s link does not match Entry (\d+) — Entry \2 was changed, or Entry \1’s link was\.$/,
  );
});

test('a batch with repeated ids says so', async ({ verifyPage, page }) => {
  await verifyPage.open();
  await verifyPage.pasteAndVerify(`[${validReceiptText},${validReceiptText},${validReceiptText}]`);
  await verifyPage.expectVerdict('verified');
  const notice = page.getByTestId('repeated-ids');
  await expect(notice).toContainText('One id is carried by more than one record');
  await expect(notice).toContainText(
    'b6c63ac5-f324-4fa7-ad58-c4bf83faa86a: 3 records (rows 1, 2, 3)',
  );
});

test('batch rows: arrow keys move between rows, and long reasons wrap', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open();
  await verifyPage.pasteAndVerify(
    `[${tamperedReceiptText},${validReceiptText},${validReceiptText}]`,
  );
  await verifyPage.expectVerdict('failed');
  // The rows are a data grid: arrow keys move between cells and rows (e2e/results-grid.spec.ts).
  const rows = page.getByTestId('result-row');
  await rows.first().getByRole('gridcell').first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1).getByRole('gridcell').first()).toBeFocused();
  await page.keyboard.press('Control+End');
  await expect(rows.nth(2).getByRole('gridcell').last()).toBeFocused();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowDown');
  await expect(rows.first().getByRole('gridcell').first()).toBeFocused();
  const reason = rows.first().getByRole('gridcell').last();
  await expect(reason).toContainText('output_hash does not match sha256(canonical_bytes)');
  expect(await reason.evaluate((el) => getComputedStyle(el).textOverflow)).not.toBe('ellipsis');
});

test('an object of two kinds is never shown as verified (a workflow with a zero root beside a valid envelope.receipt)', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open();
  const receipt = JSON.parse(validReceiptText) as Record<string, unknown>;
  const forged = {
    type: 'verifiable-workflow-receipt',
    version: '1',
    steps: [{ seq: 1, receipt_id: 'e80168eb-a6a1-4ec9-8478-ac108f9397ff' }],
    merkle_root: '0'.repeat(64),
    envelope: { receipt },
  };
  await verifyPage.pasteAndVerify(JSON.stringify(forged, null, 2));
  await verifyPage.expectVerdict('failed');
  await expect(page.locator('main')).toContainText(
    'this object is both a wrapped receipt (envelope.receipt) and a workflow receipt',
  );
});

test('nor is one inside another: a wrapped receipt whose receipt carries a zero-root workflow, a timeline entry that does', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open();
  const receipt = JSON.parse(validReceiptText) as Record<string, unknown>;
  const zeroRootWorkflow = {
    type: 'verifiable-workflow-receipt',
    steps: [{ seq: 1, receipt_id: 'e80168eb-a6a1-4ec9-8478-ac108f9397ff' }],
    merkle_root: '0'.repeat(64),
  };
  await verifyPage.pasteAndVerify(
    JSON.stringify({ envelope: { receipt: { ...receipt, ...zeroRootWorkflow } } }, null, 2),
  );
  await verifyPage.expectVerdict('failed');
  await expect(page.locator('main')).toContainText(
    'this object is both a per-call receipt and a workflow receipt',
  );

  const entry = {
    id: 'r-0',
    job_id: 'job-k',
    seq: 1,
    tool: 'price_lookup',
    provenance_class: 'LOGGED BY AGENT',
    canonical_bytes: 'eyJlbnRyeSI6MH0=',
    prev_digest: '0'.repeat(64),
    close: true,
    ...zeroRootWorkflow,
  };
  await verifyPage.pasteAndVerify(JSON.stringify([entry], null, 2));
  await verifyPage.expectVerdict('failed');
  await expect(page.locator('main')).toContainText(
    'this object is both a timeline entry and a workflow receipt',
  );
});
