import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

/**
 * Issue 24 item 15, on a phone (390×844): the self-test, format and rules pages fit the screen's width; a
 * timeline's entries are read with the page (no nested scroll box hiding the broken entry); a
 * workflow keeps its step timeline; and files dropped with their supporting documents bring the
 * verdict into view. The desktop runs alongside, where the same must hold.
 */
/**
 * A job timeline of `n` entries (spec §4.2 digests, with Node's crypto; ASCII only, so sorted
 * compact JSON is the reference encoder's), whose entry `changed` was edited after the next one
 * committed to it.
 */
function longTimeline(n: number, changed: number): string {
  const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
  const entries: Record<string, unknown>[] = [];
  let previous = '0'.repeat(64);
  for (let i = 0; i < n; i++) {
    const bytes = Buffer.from(`{"entry":${i}}`);
    const entry: Record<string, unknown> = {
      id: `r-${i}`,
      job_id: 'job-long',
      seq: i + 1,
      tool: 'step',
      provenance_class: 'LOGGED BY AGENT',
      canonical_bytes: bytes.toString('base64'),
      prev_digest: previous,
      ...(i === n - 1 ? { close: true } : {}),
    };
    const p = {
      close: i === n - 1,
      id: entry.id,
      job_id: entry.job_id,
      output_hash: sha(bytes),
      prev_digest: previous,
      provenance_class: entry.provenance_class,
      seq: i + 1,
      tool: entry.tool,
    };
    previous = sha(JSON.stringify(p));
    entries.push(entry);
  }
  entries[changed]!.provenance_class = 'EXECUTED BY ZAMBO';
  return JSON.stringify(entries);
}

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 720 },
] as const;

for (const size of SIZES)
  test.describe(`${size.name} ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the self-test page does not scroll sideways', async ({ verifyPage, page }) => {
      void verifyPage;
      await page.goto('./#/conformance');
      await expect(page.getByTestId('conformance-summary')).toContainText('as expected', {
        timeout: 120_000,
      });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(size.width);
    });

    for (const [path, heading] of [
      ['./#/format', 'Format'],
      ['./#/rules', 'Rules'],
    ] as const)
      test(`the ${heading.toLowerCase()} page does not scroll sideways`, async ({
        verifyPage,
        page,
      }) => {
        void verifyPage;
        await page.goto(path);
        // Its longest message template: a code span with no break in its first 46 characters.
        await expect(page.locator('main')).toContainText(
          'evidence_references[<index>].canonical_sha256 is not sha256-<lowercase hex>',
          { timeout: 30_000 },
        );
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(size.width);
      });

    test('a timeline’s entries are not cut inside a scroll box of their own', async ({
      verifyPage,
      page,
    }) => {
      await verifyPage.open('./#/?sample=timeline-relabelled');
      await verifyPage.expectVerdict('failed');
      const entries = page.getByTestId('chain-entries');
      const box = await entries.evaluate((el) => ({
        scroll: el.scrollHeight,
        client: el.clientHeight,
        overflow: getComputedStyle(el).overflowY,
      }));
      expect(box.scroll).toBeLessThanOrEqual(box.client + 1);
      // The changed entry and the broken link are on the page, reached by scrolling it.
      const changed = page.locator('[data-testid="chain-entry"][data-changed="true"]');
      await changed.scrollIntoViewIfNeeded();
      await expect(changed).toBeInViewport();
      await expect(
        page.locator('[data-testid="chain-link"][data-first-broken="true"]'),
      ).toBeVisible();
    });

    test('a long timeline opens its entries at the first broken link', async ({
      verifyPage,
      page,
    }) => {
      await verifyPage.open();
      await verifyPage.pasteAndVerify(longTimeline(600, 449));
      await verifyPage.expectVerdict('failed');
      const entries = page.getByTestId('chain-entries');
      const link = entries.locator('[data-testid="chain-link"][data-first-broken="true"]');
      await expect(link).toHaveCount(1);
      await expect(link.getByTestId('chain-break-explained')).toHaveText(
        'Entry 451’s link does not match Entry 450 — Entry 450 was changed, or Entry 451’s link was.',
      );
      // Inside the box's visible part, not somewhere below its fold.
      await expect
        .poll(() =>
          link.evaluate((el) => {
            const box = el.closest('[data-testid="chain-entries"]')!.getBoundingClientRect();
            const at = el.getBoundingClientRect();
            return at.top >= box.top && at.top < box.bottom;
          }),
        )
        .toBe(true);
    });

    test('a workflow keeps its step timeline', async ({ verifyPage, page }) => {
      await verifyPage.open('./#/?sample=workflow');
      await verifyPage.expectVerdict('verified');
      const rows = page.getByTestId('step-row');
      await expect(rows).toHaveCount(5);
      for (const row of await rows.all()) {
        const bar = row.getByTestId('step-bar');
        await expect(bar).toBeVisible();
        const width = await bar.evaluate((el) => el.getBoundingClientRect().width);
        expect(width).toBeGreaterThan(40);
      }
    });

    test('files dropped with their step receipts: the verdict comes into view', async ({
      verifyPage,
    }) => {
      const steps = JSON.parse(
        readFileSync('src/ui/samples/workflow-step-receipts.json', 'utf8'),
      ) as unknown[];
      await verifyPage.open();
      await verifyPage.dropFiles([
        { name: 'workflow.json', text: readFileSync('src/ui/samples/workflow.json', 'utf8') },
        ...steps.map((s, i) => ({ name: `step-${i + 1}.json`, text: JSON.stringify(s) })),
      ]);
      await verifyPage.expectVerdict('verified');
      await expect(verifyPage.banner.getByRole('heading')).toBeInViewport();
    });
  });
