/**
 * Issue 30 item 4: every string that came from a document reaches the screen with its bidi
 * controls and invisible characters shown (⟨U+202E⟩), never raw: not only values and names, but
 * check messages, found and expected values, pointers, tooltips and other attributes, the print
 * header, the relay consent prompt. Each test fills every view it opens with such strings and
 * then reads the whole page — every text node and every attribute — for a raw one.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { makeReceipt } from './support/receipts';

/** Right-to-left override, isolates, marks and invisible characters, one of each kind. */
const RLO = '\u202e';
const HIDDEN_CHARS = '\u202e\u2066\u2069\u200f\u061c\u200b\u2060\ufeff';
/** "evil" that displays as "live", and the other hidden characters after it. */
const crafted = (text: string) => `${text}${RLO}live${HIDDEN_CHARS}`;

/**
 * Every raw bidi control or invisible character on the page outside the editor (which holds
 * the input as typed): in text nodes and in attributes, with where it is.
 */
async function rawHiddenCharacters(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hidden =
      // eslint-disable-next-line no-control-regex
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]|\udb40[\udc00-\udc7f]/;
    const found: string[] = [];
    const where = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''}`;
    const walker = document.createTreeWalker(
      document.documentElement,
      NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
    );
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Element) {
        if (node.closest('textarea, [data-testid="editor"]')) continue;
        for (const attribute of Array.from(node.attributes))
          if (hidden.test(attribute.value))
            found.push(`${where(node)} @${attribute.name}: ${JSON.stringify(attribute.value)}`);
      } else if (node.nodeValue && hidden.test(node.nodeValue)) {
        const parent = node.parentElement;
        if (parent?.closest('textarea, [data-testid="editor"]')) continue;
        found.push(`${parent ? where(parent) : '#text'}: ${JSON.stringify(node.nodeValue)}`);
      }
    }
    if (hidden.test(document.title)) found.push(`title: ${JSON.stringify(document.title)}`);
    return found;
  });
}

async function expectNothingHidden(page: Page): Promise<void> {
  expect(await rawHiddenCharacters(page)).toEqual([]);
  // What was hidden is shown.
  await expect(page.getByText('⟨U+202E⟩').first()).toBeAttached();
}

const anchored = JSON.parse(readFileSync('src/ui/samples/nostr-anchored-receipt.json', 'utf8')) as {
  anchor: { relays: string[] };
} & Record<string, unknown>;

/** A Nostr-anchored receipt whose every member carries hidden characters, and fails. */
function craftedReceipt(): string {
  const receipt: Record<string, unknown> = {
    ...anchored,
    id: crafted('b6c63ac5'),
    receipt_schema_version: crafted('0.3'),
    created_at: crafted('2026-09-27'),
    tool: { name: crafted('price'), version: crafted('4'), scope: crafted('public') },
    provenance_class: crafted('EXECUTED BY ZAMBO'),
    output_hash: `sha256:${crafted('00')}`,
    [crafted('member')]: crafted('value'),
    checks: { [crafted('publisher')]: crafted('ok') },
    anchor: {
      ...anchored.anchor,
      // Displayed raw, this read as another host than the one connected to.
      relays: [`wss://relay.example.org/${RLO}moc.elgoog.yaler`, 'wss://relay\u200b.example.com'],
    },
  };
  return JSON.stringify(receipt, null, 2);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a receipt: messages, found values, pointers, tooltips, the relay prompt and the print header show hidden characters', async ({
      verifyPage,
      page,
    }) => {
      await verifyPage.open();
      await verifyPage.dropFiles([
        { name: crafted('receipt') + '.json', text: craftedReceipt() },
        { name: crafted('notes') + '.txt', text: 'evidence?' },
      ]);
      await verifyPage.expectVerdict('failed');
      await expect(page.getByTestId('relay-lookup')).toBeVisible();
      // The consent prompt names each host as the connection will reach it.
      await expect(page.getByTestId('relay-host').first()).toContainText(
        'relay.example.org (wss://relay.example.org/⟨U+202E⟩moc.elgoog.yaler)',
      );
      await expect(page.getByTestId('relay-host').nth(1)).toContainText(
        'relay.example.com (wss://relay⟨U+200B⟩.example.com)',
      );
      // The raw JSON tree, opened one level further, and the publisher's own checks.
      await page.getByText('Claimed by the publisher').click();
      await expectNothingHidden(page);
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByTestId('report-context')).toBeVisible();
      // The print header's list of inputs is built when printed (usePrinting).
      await expect(page.getByTestId('report-context')).toContainText('⟨U+202E⟩live');
      await expectNothingHidden(page);
    });
  });
}

test('a workflow and a timeline: step tools, agents, branches, goal and entries', async ({
  verifyPage,
  page,
}) => {
  const workflow = JSON.parse(readFileSync('src/ui/samples/workflow.json', 'utf8')) as {
    steps: Record<string, unknown>[];
  } & Record<string, unknown>;
  workflow.goal = crafted('goal');
  workflow.status = crafted('ok');
  workflow.session_id = crafted('session');
  workflow.verify_url = `https://zambo.dev/${crafted('w')}`;
  workflow.merkle_root = crafted('root');
  workflow.steps.forEach((step, i) => {
    step.tool = crafted(`tool${i}`);
    step.status = crafted('ok');
    step.agent = crafted('agent');
    step.branch = crafted(`branch${i % 2}`);
  });
  await verifyPage.open();
  await verifyPage.pasteAndVerify(JSON.stringify(workflow, null, 2));
  await verifyPage.expectVerdict('failed');
  await expect(page.getByTestId('workflow-view')).toBeVisible();
  await page.getByTestId('step-row').first().click();
  await expect(page.getByTestId('step-detail')).toBeVisible();
  await expectNothingHidden(page);

  const timeline = JSON.parse(readFileSync('src/ui/samples/timeline.json', 'utf8')) as {
    timeline: Record<string, unknown>[];
  };
  timeline.timeline.forEach((entry) => {
    entry.id = crafted(String(entry.id));
    entry.tool = crafted('tool');
    entry.job_id = crafted('job');
    entry.provenance_class = crafted('LOGGED BY AGENT');
  });
  timeline.timeline[1]!.prev_digest = crafted('0'.repeat(8));
  await verifyPage.pasteAndVerify(JSON.stringify(timeline, null, 2));
  await verifyPage.expectVerdict('failed');
  await expect(page.getByTestId('chain-view')).toBeVisible();
  await expectNothingHidden(page);
});

test('a batch: the results table, a row opened, and files that could not be placed', async ({
  verifyPage,
  page,
}) => {
  const members = [0, 1, 2].map((i) =>
    makeReceipt(
      { tool: 'live_price', inputs: { i }, outputs: { price: i } },
      { id: crafted(`id${i}`), tool: { name: crafted('tool'), version: '1', scope: 'x' } },
    ),
  );
  await verifyPage.open();
  await verifyPage.dropFiles([
    { name: crafted('batch') + '.json', text: JSON.stringify(members) },
    { name: crafted('stray') + '.ots', base64: Buffer.from('not a proof').toString('base64') },
  ]);
  await expect(page.getByTestId('results-table')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('result-row').first().click();
  await expect(page.getByTestId('result-detail')).toBeVisible();
  await expectNothingHidden(page);
});
