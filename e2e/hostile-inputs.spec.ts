import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { test as plainTest, type Locator, type Page } from '@playwright/test';
import { buildBatchText } from '../bench/batch';
import { buildTimelineArray, buildTimelineJsonLines } from '../bench/timeline';
import { encodeSharePayload } from '../src/share/share-link';
import { expect, test } from './fixtures';

/**
 * Hostile inputs never hang the page (issue 13): each case is loaded the way a person would load
 * it and the main thread's long tasks (PerformanceObserver 'longtask', every task over 50 ms) are
 * recorded from the first script on. Before the bounds, these inputs blocked the tab for seconds
 * (megabytes of short lines in the editor, opened or pasted; a 100 MB share-link bomb). The
 * budget below is generous for a loaded 2-core machine and still far under what the unbounded
 * code did. Covered: item 1 (a million records in a 2 MB file), item 2 (share-link deflate bomb), item 3
 * (huge text and the editor), item 7 (chunked ?src= past the limit); issue 30 item 3 (a share link's setting parameters, large timelines, a folder of 20,000 files).
 */
const LONGEST_TASK_BUDGET_MS = 1_500;
/**
 * A paste kept out of the editor leaves the page only the verdict's own rendering to do: a
 * budget well under what laying out its text took, with room for a loaded machine.
 */
const PASTE_KEPT_OUT_BUDGET_MS = 400;

async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tasks: number[] = [];
    // Each task's start as well, for a measure that starts at an event (the folder pick).
    const entries: [number, number][] = [];
    (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
    (window as unknown as { __longTaskEntries: [number, number][] }).__longTaskEntries = entries;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        tasks.push(Math.round(entry.duration));
        entries.push([entry.startTime, entry.duration]);
      }
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** Long tasks since the last call (the page's own start-up is measured separately). */
async function takeLongTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const tasks = (window as unknown as { __longTasks: number[] }).__longTasks;
    return tasks.splice(0, tasks.length);
  });
}

/** The long tasks since the last call, logged, all within the budget. */
async function expectNoLongTaskOverBudget(
  page: Page,
  label: string,
  budgetMs = LONGEST_TASK_BUDGET_MS,
): Promise<void> {
  const tasks = await takeLongTasks(page);
  console.log(`${label}: long tasks (ms) ${JSON.stringify(tasks)}`);
  expect(Math.max(0, ...tasks)).toBeLessThan(budgetMs);
}

/**
 * Picks a file through the page's file input. The file is handed over by path, as a person's
 * pick is: a buffer would be decoded by Playwright's own script in the page, a long task that
 * is the harness's, not the app's.
 */
async function pickFile(page: Page, name: string, text: string): Promise<void> {
  const path = test.info().outputPath(name);
  await writeFile(path, text);
  await page.getByTestId('file-input').setInputFiles(path);
}

/**
 * Pastes `text` into the editor as a person does (the clipboard, then Ctrl+V); the long tasks
 * recorded before it are dropped, so the next take is the paste's. The context needs the
 * clipboard permissions.
 */
async function pasteIntoEditor(page: Page, input: Locator, text: string): Promise<void> {
  await page.evaluate((pasted) => navigator.clipboard.writeText(pasted), text);
  await takeLongTasks(page);
  await input.focus();
  await page.keyboard.press('Control+V');
}

/**
 * One small JSON document spread over `lines` lines (blank ones: whitespace between tokens), so
 * what is measured is the editor, not the rendering of a big result.
 */
function manyLines(lines: number, blank = ' \n'): string {
  return '{\n' + blank.repeat(lines - 2) + '"a": 1}';
}

test.describe('hostile inputs: huge text never enters the editor (issue 13, item 3)', () => {
  test.setTimeout(120_000);
  // One at a time: two of these side by side on a 2-core machine measure each other.
  test.describe.configure({ mode: 'serial' });

  test('a 2 MB file of 1,000,000 short lines is verified from the file and summarised', async ({
    verifyPage,
    page,
  }) => {
    await recordLongTasks(page);
    await verifyPage.open();
    await takeLongTasks(page);
    await pickFile(page, 'million-lines.json', manyLines(1_000_000));
    // The note says "verified" once the verdict is there (before, "being verified").
    await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', { timeout: 90_000 });
    await expect(page.getByTestId('not-in-editor')).toHaveText(
      'million-lines.json: 1.9 MB, 1,000,000 lines — verified from the file; not shown in the editor (the editor takes up to 1,048,576 characters).',
    );
    await expect(verifyPage.input).toHaveValue('');
    await expectNoLongTaskOverBudget(page, `million lines`);
  });

  test('a 195 kB file of 200,000 lines (under the size bound, over the line bound) stays out', async ({
    verifyPage,
    page,
  }) => {
    await recordLongTasks(page);
    await verifyPage.open();
    await takeLongTasks(page);
    await pickFile(page, 'many-lines.json', manyLines(200_000, '\n'));
    // The note says "verified" once the verdict is there (before, "being verified").
    await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', { timeout: 90_000 });
    await expect(page.getByTestId('not-in-editor')).toContainText(
      'many-lines.json: 195 kB, 200,000 lines — verified from the file; not shown in the editor (the editor takes up to 20,000 lines).',
    );
    await expect(verifyPage.input).toHaveValue('');
    await expectNoLongTaskOverBudget(page, `200,000 lines`);
  });

  test('megabytes pasted into the editor are taken as a document, not laid out in it', async ({
    verifyPage,
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await recordLongTasks(page);
    await verifyPage.open();
    await pasteIntoEditor(page, verifyPage.input, manyLines(1_000_000));
    // The note says "verified" once the verdict is there (before, "being verified").
    await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', { timeout: 90_000 });
    await expect(page.getByTestId('not-in-editor')).toHaveText(
      'pasted text: 1.9 MB, 1,000,000 lines — verified; not shown in the editor (the editor takes up to 1,048,576 characters).',
    );
    await expect(verifyPage.input).toHaveValue('');
    await expectNoLongTaskOverBudget(page, `pasted million lines`);
    // The editor still takes ordinary text afterwards.
    await verifyPage.pasteAndVerify('{"small": true}');
    await expect(verifyPage.input).toHaveValue('{"small": true}');
  });

  test('one line longer than the editor takes, pasted at 1280×800, is taken as a document', async ({
    verifyPage,
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await recordLongTasks(page);
    await verifyPage.open();
    // Minified JSON is one line, and the textarea lays out a line whole: in the editor, this
    // one held the page far past the bound below.
    await pasteIntoEditor(page, verifyPage.input, `{"a":"${'x'.repeat(600_000)}"}`);
    await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', { timeout: 60_000 });
    await expect(page.getByTestId('not-in-editor')).toHaveText(
      'pasted text: 586 kB, 1 line — verified; not shown in the editor (the editor takes lines of up to 131,072 characters).',
    );
    await expect(verifyPage.input).toHaveValue('');
    await expectNoLongTaskOverBudget(page, '600 kB on one line', PASTE_KEPT_OUT_BUDGET_MS);
  });
});

test.describe('hostile inputs: a small file of a million records (issue 13, item 1)', () => {
  test.setTimeout(180_000);
  test.describe.configure({ mode: 'serial' });

  for (const [name, text, label] of [
    ['million-ones.jsonl', '1\n'.repeat(1_000_000), 'JSON Lines of 1,000,000 bare numbers'],
    [
      'million-ones.json',
      '[' + Array(1_000_000).fill('1').join(',') + ']',
      'an array of 1,000,000 numbers',
    ],
  ] as const) {
    test(`${label} ends in one bounded failed verdict, row by row, without freezing the page`, async ({
      verifyPage,
      page,
    }) => {
      await recordLongTasks(page);
      await verifyPage.open();
      await takeLongTasks(page);
      await pickFile(page, name, text);
      await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', {
        timeout: 150_000,
      });
      // Every record is counted and each is one short failed row; no out-of-memory message.
      await expect(page.getByTestId('results-counts')).toContainText(
        '1,000,000 documents: 1,000,000 failed',
      );
      await expect(page.getByTestId('result-row').first()).toHaveAttribute(
        'data-verdict',
        'failed',
      );
      await expect(page.getByTestId('result-row').first()).toContainText('not an object or array');
      await expectNoLongTaskOverBudget(page, `${name}`);
    });
  }
});

test.describe('hostile inputs: links (issue 13, items 2 and 7)', () => {
  test.setTimeout(120_000);
  test.describe.configure({ mode: 'serial' });

  test('a share link that inflates to 100 MB is stopped at once: "not made by this app"', async ({
    verifyPage,
    page,
  }) => {
    // 100 MB of spaces, deflated: about 100 kB of link, as in the audit.
    const bomb = deflateRawSync(Buffer.alloc(100 * 1024 * 1024, 0x20), { level: 9 });
    const link = `./#r=1.${bomb.toString('base64url')}`;
    await recordLongTasks(page);
    await verifyPage.open();
    await takeLongTasks(page);
    const started = Date.now();
    await page.goto(link);
    await expect(
      page.getByText(/This link expands beyond \d+ MB; it was not made by this app/),
    ).toBeVisible({
      timeout: 30_000,
    });
    const tasks = await takeLongTasks(page);
    console.log(
      `deflate bomb: said so after ${Date.now() - started} ms; long tasks (ms) ${JSON.stringify(tasks)}`,
    );
    expect(Math.max(0, ...tasks)).toBeLessThan(LONGEST_TASK_BUDGET_MS);
  });
});

test.describe('hostile inputs: the setting a share link carries (issue 30, item 3)', () => {
  test.setTimeout(120_000);
  test.describe.configure({ mode: 'serial' });

  // 400 kB and 1 MB of setting parameters after a real payload: the page read them before it
  // rendered anything, and froze for many seconds.
  for (const kilobytes of [400, 1000]) {
    test(`a link ending in ${kilobytes} kB of setting parameters opens at once, the last ones applied`, async ({
      verifyPage,
      page,
    }) => {
      const receipt = await readFile('src/ui/samples/valid-receipt.json', 'utf8');
      const payload = encodeSharePayload({ main: { name: 'r.json', text: receipt }, supplied: [] });
      const repeated = '&profile=&max-age=9d';
      const trailer = repeated.repeat(Math.ceil((kilobytes * 1000) / repeated.length));
      await recordLongTasks(page);
      // Opened as a person opens a link: a fresh page, the long tasks counted from its first script.
      await page.goto(`./#r=${payload}${trailer}&max-age=3650d&profile=strict`);
      await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'verified', {
        timeout: 60_000,
      });
      const applied = page.getByTestId('setting-applied');
      await expect(applied).toHaveAttribute('data-from', 'link');
      await expect(applied).toContainText('at most 3650d old');
      await expectNoLongTaskOverBudget(page, `${kilobytes} kB of setting parameters`);
    });
  }
});

/**
 * What a link may hold the page's thread for (issue 25, item 4): nothing the Long Tasks API
 * reports, every one of which is over 50 ms. The link is decoded and inflated in the Worker
 * (inflating a bomb on the page was itself such a task). A budget this tight is met
 * by the app on a quiet machine, and other work on a shared one stretches its tasks past it, so
 * a link is opened up to LINK_ATTEMPTS times in fresh pages and the quietest attempt counts: a
 * neighbour only ever adds time, while work the app does on the main thread is there every time.
 */
const LINK_ATTEMPTS = 3;

async function quietestLinkOpening(
  page: Page,
  label: string,
  link: string,
  answered: () => Promise<void>,
): Promise<number[]> {
  let quietest: number[] | undefined;
  for (let attempt = 1; attempt <= LINK_ATTEMPTS; attempt++) {
    await page.goto('about:blank');
    await page.goto('./');
    await expect(page.getByTestId('receipt-input')).toBeVisible();
    await takeLongTasks(page);
    const started = Date.now();
    await page.goto(link);
    await answered();
    const tasks = await takeLongTasks(page);
    console.log(
      `${label}, attempt ${attempt}: answered after ${Date.now() - started} ms; main-thread long tasks (ms) ${JSON.stringify(tasks)}`,
    );
    if (!quietest || Math.max(0, ...tasks) < Math.max(0, ...quietest)) quietest = tasks;
    if (tasks.length === 0) break;
  }
  return quietest ?? [];
}

test.describe('hostile inputs: a link never holds the page (issue 25, item 4)', () => {
  test.setTimeout(180_000);
  test.describe.configure({ mode: 'serial' });

  test('a 136 kB share link that inflates past the limit: no main-thread task over 50 ms', async ({
    verifyPage,
    page,
  }) => {
    // 100 MiB of spaces, deflated: a link of 136 kB, as in the audit.
    const bomb = deflateRawSync(Buffer.alloc(100 * 1024 * 1024, 0x20), { level: 9 });
    const value = `1.${bomb.toString('base64url')}`;
    expect(Math.round(value.length / 1000)).toBe(136);
    await recordLongTasks(page);
    await verifyPage.open();
    const tasks = await quietestLinkOpening(page, '136 kB bomb link', `./#r=${value}`, () =>
      expect(
        page.getByText(/This link expands beyond \d+ MB; it was not made by this app/),
      ).toBeVisible({ timeout: 30_000 }),
    );
    expect(tasks, 'main-thread tasks over 50 ms').toEqual([]);
  });

  test('a share link of 7 MB of documents opens without a main-thread task over 50 ms', async ({
    verifyPage,
    page,
  }) => {
    const receipt = await readFile('src/ui/samples/valid-receipt.json', 'utf8');
    // The sample receipt followed by 7 MB of whitespace: under the 8 MiB a link may expand to.
    const payload = JSON.stringify({
      main: { name: 'wide.json', text: receipt + ' '.repeat(7 * 1024 * 1024) },
    });
    const value = `1.${deflateRawSync(Buffer.from(payload), { level: 9 }).toString('base64url')}`;
    await recordLongTasks(page);
    await verifyPage.open();
    const tasks = await quietestLinkOpening(page, '7 MB share link', `./#r=${value}`, async () => {
      await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'verified', {
        timeout: 60_000,
      });
      await expect(page.getByTestId('not-in-editor')).toContainText('7.0 MB');
    });
    expect(tasks, 'main-thread tasks over 50 ms').toEqual([]);
  });
});

/**
 * A long near miss of a member's pattern is answered at once (issue 25, item 1): verify_url
 * tested with ^https?://[^\s/?#]+[^\s]*$ backtracked through every split of such a string and
 * never answered a million characters. The verification itself (in the Worker, as the banner reports it)
 * stays under a second; the page's own long tasks are those of a 1 MB line in the editor.
 */
test('a workflow whose verify_url is 1,000,000 characters and a space gets its verdict at once', async ({
  verifyPage,
  page,
}) => {
  test.setTimeout(60_000);
  const workflow = JSON.parse(
    await readFile('src/core/workflow/vectors/spec-3.4-worked-example.json', 'utf8'),
  ) as Record<string, unknown>;
  workflow.verify_url = 'https://' + 'a'.repeat(1_000_000) + ' ';
  await recordLongTasks(page);
  await verifyPage.open();
  await takeLongTasks(page);
  const started = Date.now();
  await pickFile(page, 'long-verify-url.json', JSON.stringify(workflow));
  await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', { timeout: 30_000 });
  const elapsed = Date.now() - started;
  await expect(
    page.getByText('workflow verify_url is not an http(s) URL string').first(),
  ).toBeVisible();
  const checked = /checked in your browser in ([\d.]+) ms/.exec(
    (await verifyPage.banner.textContent()) ?? '',
  );
  const tasks = await takeLongTasks(page);
  console.log(
    `1,000,000-character verify_url: verified in the Worker in ${checked?.[1]} ms, verdict on screen after ${elapsed} ms; long tasks (ms) ${JSON.stringify(tasks)}`,
  );
  expect(Number(checked?.[1])).toBeLessThan(1000);
  expect(Math.max(0, ...tasks)).toBeLessThan(LONGEST_TASK_BUDGET_MS);
});

plainTest(
  'a ?src= download sent chunked (no Content-Length) stops at 64 MiB and verifies nothing',
  async ({ page, baseURL }) => {
    plainTest.setTimeout(120_000);
    // A host that streams 300 MiB without saying how much; counts what it actually sent.
    let sent = 0;
    const host = createServer((request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
      });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let left = 300;
      const pump = () => {
        while (left > 0) {
          left--;
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      request.on('close', () => (left = 0));
      pump();
    });
    await new Promise<void>((ready) => host.listen(0, '127.0.0.1', ready));
    const source = `http://127.0.0.1:${(host.address() as AddressInfo).port}/big.json`;
    try {
      await recordLongTasks(page);
      await page.goto(new URL(`./#/?src=${encodeURIComponent(source)}`, baseURL).href);
      const fetchButton = page.getByRole('button', { name: /^Fetch from 127\.0\.0\.1/ });
      await expect(fetchButton).toBeVisible();
      await takeLongTasks(page);
      await fetchButton.click();
      await expect(
        page.getByText(/larger than 64 MiB, the most this page loads from a link/),
      ).toBeVisible({
        timeout: 90_000,
      });
      await expect(page.getByTestId('verdict-banner')).toHaveCount(0);
      const tasks = await takeLongTasks(page);
      console.log(
        `chunked ?src=: host sent ${Math.round(sent / 2 ** 20)} MiB; long tasks (ms) ${JSON.stringify(tasks)}`,
      );
      expect(sent).toBeLessThan(300 * 2 ** 20);
      expect(Math.max(0, ...tasks)).toBeLessThan(LONGEST_TASK_BUDGET_MS);
    } finally {
      host.close();
    }
  },
);

test.describe('hostile inputs: large objects and arrays in the result (issue 13, item 5)', () => {
  test.setTimeout(120_000);
  test.describe.configure({ mode: 'serial' });

  test('a receipt with 100,000 extra members: the Raw JSON view shows a page of them', async ({
    verifyPage,
    page,
  }) => {
    const receipt = JSON.parse(
      await readFile('src/ui/samples/valid-receipt.json', 'utf8'),
    ) as Record<string, unknown>;
    for (let i = 0; i < 100_000; i++) receipt[`m${i}`] = i;
    await recordLongTasks(page);
    await verifyPage.open();
    await takeLongTasks(page);
    await pickFile(page, 'wide-receipt.json', JSON.stringify(receipt));
    await expect(verifyPage.banner).toHaveAttribute('data-verdict', /.+/, { timeout: 90_000 });
    const raw = page.getByTestId('raw-json');
    await expect(raw).toBeVisible();
    await expect(raw.locator('li')).toHaveCount(100);
    await expect(page.getByTestId('raw-json-more')).toContainText('100 of 100,');
    await page.getByTestId('raw-json-more').click();
    await expect(raw.locator('li')).toHaveCount(200);
    const tasks = await takeLongTasks(page);
    console.log(`wide receipt: long tasks (ms) ${JSON.stringify(tasks)}`);
    expect(Math.max(0, ...tasks)).toBeLessThan(LONGEST_TASK_BUDGET_MS);
  });

  test('a 200,000-member array: its verdict and rows without a long pause', async ({
    verifyPage,
    page,
  }) => {
    await recordLongTasks(page);
    await verifyPage.open();
    await takeLongTasks(page);
    await pickFile(page, 'wide-array.json', '[' + Array(200_000).fill('1').join(',') + ']');
    await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', { timeout: 90_000 });
    await expect(page.getByTestId('results-counts')).toContainText('200,000 documents');
    await page.waitForTimeout(500);
    const tasks = await takeLongTasks(page);
    console.log(`200,000-member array: long tasks (ms) ${JSON.stringify(tasks)}`);
    expect(Math.max(0, ...tasks)).toBeLessThan(LONGEST_TASK_BUDGET_MS);
  });
});

test.describe('hostile inputs: a workflow of 16,000,000 malformed steps (issue 30, item 3)', () => {
  test.setTimeout(240_000);

  test('a 32 MB {"steps":[0,0,…]} fails with one finding per step, the tab alive', async ({
    verifyPage,
    page,
  }) => {
    // It crashed the tab: every step kept hundreds of bytes in the Worker, and its row came
    // to the page.
    const steps = 16_000_000;
    const path = test.info().outputPath('malformed-steps.json');
    await writeFile(path, `{"merkle_root":"00","steps":[${Array(steps).fill('0').join(',')}]}`);
    await recordLongTasks(page);
    await verifyPage.open();
    await takeLongTasks(page);
    await page.getByTestId('file-input').setInputFiles(path);
    await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', {
      timeout: 200_000,
    });
    await expect(
      verifyPage.failedCheck(
        `${steps - 20} more steps break rule workflow.step.object (${steps} in all; each is marked in the step table)`,
      ),
    ).toHaveCount(1);
    await expectNoLongTaskOverBudget(page, `${steps} malformed steps`);
  });
});

test.describe('hostile inputs: large job timelines (issue 30, item 3)', () => {
  test.setTimeout(240_000);
  test.describe.configure({ mode: 'serial' });

  test('a 1,000,000-entry timeline: its verdict and entries reach the page without a long pause', async ({
    verifyPage,
    page,
  }) => {
    // About 215 MB. The entries came to the page in one message with the result: one copy on
    // the main thread, seconds long.
    const path = test.info().outputPath('million-entries.json');
    await writeFile(path, buildTimelineArray(1_000_000));
    await recordLongTasks(page);
    await verifyPage.open();
    await takeLongTasks(page);
    await page.getByTestId('file-input').setInputFiles(path);
    await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'verified', {
      timeout: 200_000,
    });
    await expect(page.getByTestId('chain-view')).toContainText('Entries (1000000)');
    await expect(page.getByTestId('chain-entries')).toContainText('e0');
    await page.waitForTimeout(500);
    await expectNoLongTaskOverBudget(page, '1,000,000-entry timeline');
  });

  test('16 MB of JSON Lines that are a job timeline are verified as one, as the command line does', async ({
    verifyPage,
    page,
  }) => {
    // Over the 8 MiB above which JSON Lines are streamed as independent records: it was
    // "Failed — receipt batch" here and "VERIFIED — job timeline" on the command line.
    const path = test.info().outputPath('timeline.jsonl');
    await writeFile(path, buildTimelineJsonLines(80_000));
    await recordLongTasks(page);
    await verifyPage.open();
    await takeLongTasks(page);
    await page.getByTestId('file-input').setInputFiles(path);
    await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'verified', {
      timeout: 120_000,
    });
    await expect(verifyPage.banner).toContainText('job timeline');
    await expect(page.getByTestId('chain-view')).toContainText('Entries (80000)');
    await expectNoLongTaskOverBudget(page, '16 MB JSON Lines timeline');
  });
});

test.describe('hostile inputs: a folder of 20,000 files, the stated limit (issue 30, item 3)', () => {
  test.setTimeout(300_000);
  test.describe.configure({ mode: 'serial' });
  const FILES = 20_000;

  test('a folder of 20,000 receipts picked is read in the Worker and verified, the page answering', async ({
    verifyPage,
    page,
  }) => {
    // Before: "Could not read the files: NotReadableError" after a long freeze.
    const folder = test.info().outputPath('receipts');
    await mkdir(folder, { recursive: true });
    const receipts = buildBatchText(FILES).trimEnd().split('\n');
    for (let i = 0; i < receipts.length; i++)
      await writeFile(join(folder, `r${i}.json`), receipts[i]!);
    await recordLongTasks(page);
    await verifyPage.open();
    // The browser builds the picked files' list before the page's first line runs, in one
    // task that is the harness's, not the app's: what is measured starts with the change event.
    await page.evaluate(() =>
      document.addEventListener(
        'change',
        () => ((window as unknown as { __pickedAt: number }).__pickedAt = performance.now()),
        { capture: true, once: true },
      ),
    );
    await takeLongTasks(page);
    await page.getByLabel('Open folder').setInputFiles(folder);
    await expect(page.getByTestId('progress')).toContainText(/Reading files|Verifying/);
    await expect(page.getByTestId('results-counts')).toContainText(
      `${FILES.toLocaleString('en-US')} documents: 0 failed, 0 incomplete, ${FILES.toLocaleString('en-US')} verified`,
      { timeout: 240_000 },
    );
    await expect(page.getByTestId('no-link-reason')).toContainText('20,000 files were read');
    const tasks = await page.evaluate(() => {
      const at = (window as unknown as { __pickedAt: number }).__pickedAt;
      const all = (window as unknown as { __longTaskEntries: [number, number][] })
        .__longTaskEntries;
      // A task running when the change came counts from the change on.
      return all
        .filter(([start, duration]) => start + duration > at)
        .map(([start, duration]) => Math.round(start >= at ? duration : start + duration - at));
    });
    console.log(`folder of ${FILES} files: long tasks (ms) ${JSON.stringify(tasks)}`);
    expect(Math.max(0, ...tasks)).toBeLessThan(LONGEST_TASK_BUDGET_MS);
  });

  test('20,000 files dropped are verified the same way, the page answering', async ({
    verifyPage,
    page,
  }) => {
    const receipt = buildBatchText(1).trimEnd();
    await recordLongTasks(page);
    await verifyPage.open();
    // The files are made first (the harness's work), then dropped.
    await page.evaluate(
      ({ text, count }) => {
        const data = new DataTransfer();
        for (let i = 0; i < count; i++) data.items.add(new File([text], `r${i}.json`));
        (window as unknown as { __drop: DataTransfer }).__drop = data;
      },
      { text: receipt, count: FILES },
    );
    await takeLongTasks(page);
    await page.evaluate(() => {
      const data = (window as unknown as { __drop: DataTransfer }).__drop;
      for (const type of ['dragenter', 'dragover', 'drop'])
        window.dispatchEvent(
          new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
        );
    });
    await expect(page.getByTestId('results-counts')).toContainText(
      `${FILES.toLocaleString('en-US')} documents`,
      {
        timeout: 240_000,
      },
    );
    await expectNoLongTaskOverBudget(page, `${FILES} files dropped`);
  });
});

test.describe('a JSON Lines file too large for the page to read (streamed in the Worker)', () => {
  test.setTimeout(180_000);

  test('the summary gives its real size, and no link of an empty document is offered', async ({
    verifyPage,
    page,
  }) => {
    // 257 records of 1 MiB: over the 256 MiB the page reads itself, so only the Worker reads it.
    const record = JSON.stringify({ padding: 'a'.repeat(1024 * 1024 - 20) }) + '\n';
    const path = test.info().outputPath('over-limit.jsonl');
    await writeFile(path, record.repeat(257));
    await verifyPage.open();
    await page.getByTestId('file-input').setInputFiles(path);
    await expect(verifyPage.banner).toHaveAttribute('data-verdict', 'failed', { timeout: 150_000 });
    await expect(page.getByTestId('not-in-editor')).toContainText(
      /over-limit\.jsonl: 257\.\d MB — streamed from the file/,
    );
    await expect(page.getByTestId('not-in-editor')).not.toContainText('0 bytes');
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeDisabled();
    await expect(page.getByTestId('no-link-reason')).toContainText('too large for a link');
    // The download is the file itself, byte for byte.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download input' }).click();
    const saved = await (await download).path();
    expect((await stat(saved)).size).toBe(Buffer.byteLength(record) * 257);
  });
});
