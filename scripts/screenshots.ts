/**
 * Regenerates docs/screenshots/*.png: the main states of the verify page at 1366×900 and 390×844,
 * in the light and the dark theme, from the built app (run `npx vite build` first).
 *
 *   npx tsx scripts/screenshots.ts [only-this-state]
 */
import { chromium, type Page } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { makeReceipt, receiptBatch } from '../e2e/support/receipts';
import { startStaticServer } from '../e2e/support/serve-dist';

const PORT = Number(process.env.SCREENSHOT_PORT ?? 4397);
const BASE = `http://127.0.0.1:${PORT}/`;
const OUT = 'docs/screenshots';
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);

const valid = readFileSync('src/ui/samples/valid-receipt.json', 'utf8');
const tampered = readFileSync('src/ui/samples/tampered-receipt.json', 'utf8');

async function verdict(page: Page): Promise<void> {
  await page
    .locator('[data-testid="verdict-banner"][data-stale="false"]')
    .first()
    .waitFor({ timeout: 30_000 });
}

/** Each state: how to reach it from a fresh page. */
const STATES: Record<string, (page: Page) => Promise<void>> = {
  landing: async (page) => {
    await page.goto(`${BASE}#/`);
    await page.getByTestId('receipt-input').waitFor();
  },
  verified: async (page) => {
    await page.goto(`${BASE}#/?sample=valid-receipt`);
    await verdict(page);
  },
  failed: async (page) => {
    await page.goto(`${BASE}#/?sample=tampered-receipt`);
    await verdict(page);
  },
  'not-json': async (page) => {
    await page.goto(`${BASE}#/`);
    await page.getByTestId('receipt-input').fill('{\n  "id": "x",\n  "tool": }');
    await page.getByTestId('receipt-input').press('Control+Enter');
    await verdict(page);
  },
  'changed-since-verified': async (page) => {
    await page.goto(`${BASE}#/?sample=valid-receipt`);
    await verdict(page);
    // Large enough not to be re-checked while typing, so the marked state stays on screen.
    await page
      .getByTestId('receipt-input')
      .fill(valid.replace('{', `{"note": "${'x'.repeat(70_000)}",`));
    await page.getByTestId('stale-notice').waitFor();
  },
  workflow: async (page) => {
    await page.goto(`${BASE}#/?sample=workflow-with-steps`);
    await verdict(page);
  },
  timeline: async (page) => {
    await page.goto(`${BASE}#/?sample=timeline-relabelled`);
    await verdict(page);
  },
  // A receipt dated four years ahead of this clock: verified, its warning beside the verdict.
  'warning-beside-verdict': async (page) => {
    await page.goto(`${BASE}#/`);
    const created = new Date();
    created.setUTCFullYear(created.getUTCFullYear() + 4);
    const receipt = { ...(JSON.parse(valid) as object), created_at: created.toISOString() };
    const input = page.getByTestId('receipt-input');
    await input.fill(JSON.stringify(receipt, null, 2));
    await input.press('Control+Enter');
    await verdict(page);
    await page.getByTestId('verdict-warnings').waitFor();
  },
  batch: async (page) => {
    await page.goto(`${BASE}#/`);
    const input = page.getByTestId('receipt-input');
    await input.fill(`[${valid},${tampered},${valid}]`);
    await input.press('Control+Enter');
    await verdict(page);
  },
  'samples-menu': async (page) => {
    await page.goto(`${BASE}#/`);
    await page.getByRole('button', { name: 'Samples ▾' }).click();
    await page.getByRole('menu').waitFor();
  },
  // Several files dropped together: each row names its file in the Source column.
  'batch-files': async (page) => {
    await page.goto(`${BASE}#/`);
    await page.getByTestId('receipt-input').waitFor();
    const files = ['btc-usd', 'eth-usd', 'sol-usd', 'eur-usd', 'gbp-usd'].map((pair, i) => {
      const receipt = makeReceipt({
        tool: 'live_price',
        inputs: { pair },
        outputs: { price: 100 + i },
      });
      // One file's record was changed after it was made: its digest is of other bytes.
      if (pair === 'sol-usd') receipt.output_hash = `sha256:${'0'.repeat(64)}`;
      return {
        name: `live-price-${pair}.json`,
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(receipt, null, 2)),
      };
    });
    await page.getByTestId('file-input').setInputFiles(files);
    await verdict(page);
    await page.getByTestId('results-grid').scrollIntoViewIfNeeded();
  },
  'batch-sources': async (page) => {
    await page.goto(`${BASE}#/`);
    await page.getByTestId('receipt-input').waitFor();
    // A JSON Lines file dropped as a person drops it: each row names its file and line.
    await page.getByTestId('file-input').setInputFiles({
      name: 'tool-calls.jsonl',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(receiptBatch(6, [3])),
    });
    await verdict(page);
    await page.getByTestId('results-grid').scrollIntoViewIfNeeded();
  },
};

const SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function main(): Promise<void> {
  if (!existsSync('dist/index.html')) throw new Error('dist/ is missing: run `npx vite build`');
  mkdirSync(OUT, { recursive: true });
  const only = process.argv[2];
  const server = await startStaticServer('dist', PORT);
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const size of SIZES)
      for (const theme of ['light', 'dark'] as const) {
        const context = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          colorScheme: theme,
          locale: 'en-US',
          timezoneId: 'UTC',
        });
        for (const [name, reach] of Object.entries(STATES)) {
          if (only && name !== only) continue;
          const page = await context.newPage();
          await reach(page);
          await page.waitForTimeout(150);
          const file = `${OUT}/${name}-${size.name}-${theme}.png`;
          await page.screenshot({ path: file });
          process.stdout.write(`${file}\n`);
          await page.close();
        }
        await context.close();
      }
  } finally {
    await browser.close();
    server.close();
  }
}

void main();
