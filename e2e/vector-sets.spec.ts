import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** A vector set exactly as its published form writes it (sliced out of its vector file). */
function setText(name: string): string {
  const text = readFileSync(`src/core/vector-set/vectors/${name}`, 'utf8');
  const start = text.indexOf('"document": ') + '"document": '.length;
  return text.slice(start, text.lastIndexOf('}')).trimEnd() + '\n';
}

/** Each row of the vectors table as read on screen: vector, expected, ours, agree?. */
async function tableRows(page: Page): Promise<string[][]> {
  const rows = page.getByTestId('vector-row');
  const read: string[][] = [];
  for (const row of await rows.all()) {
    const name = await row.getByRole('rowheader').locator('code').innerText();
    const cells = await row.getByRole('cell').allInnerTexts();
    // The Agree? cell: its badge (icon and word), then an "Its report" button.
    const agree = (cells[2] ?? '')
      .replace(/\s+/g, ' ')
      .replace(/ Its report$/, '')
      .trim();
    read.push([name, cells[0] ?? '', cells[1] ?? '', agree]);
  }
  return read;
}

/** The kit's chain-vectors-v07.json: the current chain rules, one -06 chain among them. */
const CHAIN_07_ROWS = [
  ['v07-valid', 'valid', 'verified', '✓ agrees'],
  [
    'v07-bad-genesis',
    'invalid',
    'failed: entry 0 prev_digest is not 64 zero characters',
    '✓ agrees',
  ],
  [
    'v07-relabelled-tool',
    'invalid',
    'failed: entry 3 prev_digest does not match the digest of entry 2',
    '✓ agrees',
  ],
  [
    'v07-close-before-last',
    'invalid',
    'failed: entry 2 carries close:true before the last entry',
    '✓ agrees',
  ],
  ['v07-seq-gap', 'invalid', 'failed: entry 2 seq 4 breaks contiguity (expected 3)', '✓ agrees'],
  ['v07-mixed-job', 'invalid', 'failed: entry 3 job_id mixes jobs', '✓ agrees'],
  ['v07-rejects-06-chain', 'invalid', 'failed: entry 0 missing tool', '✓ agrees'],
];

/** The independent Perl port's vectors/extra-vectors.json: receipts and chains. */
const PERL_EXTRA_ROWS = [
  ['x-base64-unpadded', 'invalid', 'failed: canonical_bytes is not valid base64', '✓ agrees'],
  [
    'x-feb29-non-leap',
    'invalid',
    'failed: created_at is not a valid calendar date/time',
    '✓ agrees',
  ],
  ['x-feb29-leap', 'valid', 'verified', '✓ agrees'],
  ['x-feb29-1900', 'invalid', 'failed: created_at is not a valid calendar date/time', '✓ agrees'],
  ['x-fraction-one-digit', 'valid', 'verified', '✓ agrees'],
  [
    'x-tool-empty-name',
    'invalid',
    'failed: tool is not an object with name/version/scope strings',
    '✓ agrees',
  ],
  [
    'x-genesis-single',
    'invalid',
    'failed: entry 0 prev_digest is not 64 zero characters',
    '✓ agrees',
  ],
  ['x-encoding-reference', 'valid', 'verified', '✓ agrees'],
  [
    'x-encoding-draft-literal',
    'invalid',
    'failed: entry 1 prev_digest does not match the digest of entry 0',
    '✓ agrees',
  ],
  [
    'x-entry-count-float',
    'invalid',
    'failed: commitment entry_count is not an integer',
    '✓ agrees',
  ],
];

for (const size of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`a vector set on ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('shows each vector with what the set expects, what we found and whether they agree', async ({
      verifyPage,
      page,
    }) => {
      await verifyPage.open();
      await verifyPage.dropFiles([
        { name: 'fixture-cases.json', text: setText('fixture-cases.json') },
      ]);
      await verifyPage.expectVerdict('failed');
      await expect(verifyPage.banner).toContainText('1 of 4 vectors disagree with the set');
      await expect(verifyPage.banner).toContainText('vector set');
      const rows = page.getByTestId('vector-row');
      await expect(rows).toHaveCount(4);
      const raw = rows.filter({ hasText: 'raw-json-canonical-bytes' });
      await expect(raw).toHaveAttribute('data-agreement', 'disagrees');
      await expect(raw.getByTestId('vector-note')).toHaveText(
        'the set expects valid; this verifier finds: canonical_bytes is not valid base64',
      );
      await expect(rows.filter({ hasText: 'minimal-valid' })).toContainText('agrees');
      // A row opens its vector's own report.
      await raw.getByRole('button', { name: 'Its report' }).click();
      const report = page.getByTestId('vector-report');
      await expect(report).toContainText('raw-json-canonical-bytes');
      await expect(report.getByTestId('verdict-banner')).toHaveAttribute('data-verdict', 'failed');
      // The page never scrolls sideways; the table scrolls in its own region.
      const wide = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(wide).toBe(false);
    });

    test('opens the kit’s -07 chain set (dropped) with every row as the set and the format agree', async ({
      verifyPage,
      page,
    }) => {
      await verifyPage.open();
      await verifyPage.dropFiles([
        { name: 'chain-vectors-v07.json', text: setText('kit-chain-vectors-v07.json') },
      ]);
      await verifyPage.expectVerdict('verified');
      await expect(verifyPage.banner).toContainText('All 7 vectors agree with the set');
      await expect(page.getByTestId('vector-row')).toHaveCount(7);
      expect(await tableRows(page)).toEqual(CHAIN_07_ROWS);
      // Current rules: not read as a set of -06 chains, though one of its chains is one.
      await expect(page.getByTestId('vector-set-reading-06')).toHaveCount(0);
    });

    test('opens the Perl port’s extra vectors (pasted) with every row as the set and the format agree', async ({
      verifyPage,
      page,
    }) => {
      await verifyPage.open();
      await verifyPage.pasteAndVerify(setText('perl-extra-vectors.json'));
      await verifyPage.expectVerdict('verified');
      await expect(verifyPage.banner).toContainText('All 10 vectors agree with the set');
      await expect(page.getByTestId('vector-row')).toHaveCount(10);
      expect(await tableRows(page)).toEqual(PERL_EXTRA_ROWS);
      // A row opens its vector's own report: the float entry_count's failure is there.
      await page
        .getByTestId('vector-row')
        .filter({ hasText: 'x-entry-count-float' })
        .getByRole('button', { name: 'Its report' })
        .click();
      const report = page.getByTestId('vector-report');
      await expect(report.getByTestId('verdict-banner')).toHaveAttribute('data-verdict', 'failed');
      await expect(report).toContainText('commitment entry_count is not an integer');
    });
  });
}

test('a -06 chain set is read under -06, and a Merkle set decides its legacy vector by its root', async ({
  verifyPage,
  page,
}) => {
  await verifyPage.open();
  await verifyPage.pasteAndVerify(setText('kit-chain-vectors-06.json'));
  await verifyPage.expectVerdict('verified');
  await expect(verifyPage.banner).toContainText('All 6 vectors agree with the set');
  await expect(page.getByTestId('vector-set-reading-06')).toBeVisible();
  expect((await tableRows(page)).map(([name, , , agree]) => [name, agree])).toEqual(
    [
      'chain-valid',
      'chain-truncated-no-close',
      'chain-close-wrong-type',
      'chain-tampered-bytes',
      'chain-bad-genesis',
      'chain-empty',
    ].map((name) => [name, '✓ agrees']),
  );
  await verifyPage.pasteAndVerify(setText('kit-merkle-vectors.json'));
  await verifyPage.expectVerdict('verified');
  await expect(verifyPage.banner).toContainText('All 6 vectors agree with the set');
  const rows = await tableRows(page);
  expect(rows.map(([name, , , agree]) => [name, agree])).toEqual(
    [
      'single-leaf',
      'three-leaves-odd-level',
      'worked-example-five-leaves',
      'order-matters',
      'mm-1-duplicate-last-id',
      'legacy-seq-receipt-hash',
    ].map((name) => [name, '✓ agrees']),
  );
  // The legacy vector's root is the legacy construction's, and the row says that is never a
  // workflow's root.
  expect(rows[5]).toEqual([
    'legacy-seq-receipt-hash',
    'legacy root a4b2fcb4…44c4; not 7c4817ca…3b37',
    'legacy root a4b2fcb4…44c4 (leaves SHA-256 of "<seq>:<receipt_hash>"; never accepted as a workflow root)',
    '✓ agrees',
  ]);
});
