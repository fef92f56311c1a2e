/**
 * First verdict: how soon a visitor who opens a sample link (`#/?sample=valid-receipt`) or a
 * share link (`#r=…` carrying the same receipt) sees its verdict, in a cold browser context (a
 * new context each time: nothing cached, no service worker yet), beside a blank page served by
 * the same server. Every time is taken in the page, from the start of its navigation
 * (performance.now()), once the frame that shows it has been painted: the verdict banner for a
 * link, the load event for the blank page. Also per load: how many verifications the page asked
 * its Worker for (one is right), when the whole page (the report's checks beside the editor) was painted,
 * and the longest main-thread task until then.
 *
 * Builds are compared in one run, interleaved (each run opens every page of every build, in an
 * order that turns each run), the way a change is measured here:
 *
 *   npx tsx bench/first-verdict.ts [runs=7] [dist…=dist]     e.g. 9 /tmp/base/dist dist
 *
 * `npm run bench` runs it on dist/ (bench/run.ts).
 */
import { chromium, type Browser } from '@playwright/test';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { encodeSharePayload } from '../src/share/share-link';
import { startStaticServer } from '../e2e/support/serve-dist';
import { browserLaunchOptions } from './browser';
import { longTasksText, median, spreadOf, spreadText, type Spread } from './median';

export const SAMPLE_LINK = '#/?sample=valid-receipt';

/** A share link carrying the valid sample receipt, as "Copy link" makes it. */
export function shareLink(): string {
  const text = readFileSync(
    new URL('../src/ui/samples/valid-receipt.json', import.meta.url),
    'utf8',
  );
  return `#r=${encodeSharePayload({ main: { name: 'valid-receipt.json', text }, supplied: [] })}`;
}

const BLANK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>blank</title></head><body></body></html>';

/**
 * Runs in every page before its own scripts: counts the verify requests posted to Workers, notes
 * long tasks, and the time (from navigation start) of the first frame painted after the verdict
 * banner appeared, or after the load event on the blank page.
 */
const OBSERVER = `(() => {
  const seen = { verifications: 0, longestTaskMs: 0, paintedMs: undefined, pageMs: undefined };
  window.__firstVerdict = seen;
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    postMessage(message, transfer) {
      if (message && message.type === 'verify') seen.verifications++;
      return super.postMessage(message, transfer);
    }
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      seen.longestTaskMs = Math.max(seen.longestTaskMs, entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const afterPaint = (record) => requestAnimationFrame(() => setTimeout(() => record(performance.now())));
  if (location.pathname.endsWith('/blank.html')) {
    addEventListener('load', () => afterPaint((ms) => (seen.paintedMs = ms)));
    return;
  }
  new MutationObserver(() => {
    if (seen.paintedMs === undefined && !seen.waiting &&
        document.querySelector('[data-testid="verdict-banner"][data-verdict]')) {
      seen.waiting = true;
      afterPaint((ms) => (seen.paintedMs = ms));
    }
    if (seen.pageMs === undefined && !seen.pageWaiting &&
        document.querySelector('[data-testid="report-area"] [data-testid="check"]')) {
      seen.pageWaiting = true;
      afterPaint((ms) => (seen.pageMs = ms));
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });
})()`;

interface Seen {
  verifications: number;
  longestTaskMs: number;
  paintedMs?: number;
  pageMs?: number;
}

export interface LinkLoad {
  /** Navigation start to the verdict painted (the blank page: to its load event painted). */
  paintedMs: number;
  /** Navigation start to the whole page (the app's report, its checks included) painted. */
  pageMs?: number;
  verifications: number;
  longestTaskMs: number;
  verdict: string | null;
}

async function open(browser: Browser, url: string, blank: boolean): Promise<LinkLoad> {
  // A visitor's first visit: its service worker registers and fills its cache as on any visit.
  const context = await browser.newContext();
  await context.addInitScript(OBSERVER);
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'commit' });
    // Asked from here, not with waitForFunction or a locator: those first load Playwright's
    // injected script into the page, tens of milliseconds on its thread during the very load
    // measured. An evaluation of an expression is a small task of its own.
    const done = blank ? 'window.__firstVerdict?.paintedMs' : 'window.__firstVerdict?.pageMs';
    const deadline = Date.now() + 60_000;
    while ((await page.evaluate(`${done} !== undefined`)) !== true) {
      if (Date.now() > deadline) throw new Error(`${url}: not painted within 60 s`);
      await new Promise((wait) => setTimeout(wait, 20));
    }
    // Let the tasks that follow the page's first render end, then read them.
    if (!blank) await page.waitForTimeout(300);
    const seen = (await page.evaluate('window.__firstVerdict')) as Seen;
    const verdict = blank
      ? null
      : ((await page.evaluate(
          `document.querySelector('[data-testid="verdict-banner"]')?.getAttribute('data-verdict') ?? null`,
        )) as string | null);
    return {
      paintedMs: seen.paintedMs ?? NaN,
      ...(seen.pageMs !== undefined ? { pageMs: seen.pageMs } : {}),
      verifications: seen.verifications,
      longestTaskMs: seen.longestTaskMs,
      verdict,
    };
  } finally {
    await context.close();
  }
}

export interface FirstVerdictResult {
  label: string;
  /** The browser's version (`chromium.version()`). */
  chromium: string;
  runs: number;
  blank: LinkLoad[];
  sample: LinkLoad[];
  share: LinkLoad[];
}

/** Serves each folder and opens its blank page, sample link and share link `runs` times. */
export async function benchFirstVerdict(
  folders: { label: string; dist: string }[],
  runs = 7,
): Promise<FirstVerdictResult[]> {
  const servers = await Promise.all(
    folders.map(({ dist }) => startStaticServer(dist, 0, { '/blank.html': BLANK_PAGE })),
  );
  const bases = servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/`);
  const share = shareLink();
  const browser = await chromium.launch(browserLaunchOptions());
  const results: FirstVerdictResult[] = folders.map(({ label }) => ({
    label,
    chromium: browser.version(),
    runs,
    blank: [],
    sample: [],
    share: [],
  }));
  try {
    // One untimed load of each, so the first timed one does not pay for the browser's start.
    for (const base of bases) await open(browser, `${base}${SAMPLE_LINK}`, false);
    for (let run = 0; run < runs; run++) {
      for (let i = 0; i < folders.length; i++) {
        const at = (run + i) % folders.length;
        const base = bases[at] as string;
        const result = results[at] as FirstVerdictResult;
        const pages = [
          () => open(browser, `${base}blank.html`, true).then((l) => result.blank.push(l)),
          () => open(browser, `${base}${SAMPLE_LINK}`, false).then((l) => result.sample.push(l)),
          () => open(browser, `${base}${share}`, false).then((l) => result.share.push(l)),
        ];
        for (let p = 0; p < pages.length; p++) await pages[(run + p) % pages.length]!();
      }
    }
  } finally {
    await browser.close();
    for (const server of servers) server.close();
  }
  return results;
}

/** A link's loads: when its verdict and its whole page were painted, and what the page did. */
export interface LinkSummary {
  painted: Spread;
  /** The median above the blank page's. */
  aboveBlankMs: number;
  page: Spread;
  /** How many verifications each load asked of the Worker (one each, when all is well). */
  verifications: number[];
  /** Each load's longest main-thread task: their median and spread. */
  longestTask: Spread;
  verdicts: string[];
}

export function linkSummary(loads: LinkLoad[], blank: LinkLoad[]): LinkSummary {
  const painted = spreadOf(loads.map((l) => l.paintedMs));
  return {
    painted,
    aboveBlankMs: painted.median - median(blank.map((l) => l.paintedMs)),
    page: spreadOf(loads.flatMap((l) => (l.pageMs !== undefined ? [l.pageMs] : []))),
    verifications: [...new Set(loads.map((l) => l.verifications))],
    longestTask: spreadOf(loads.map((l) => l.longestTaskMs)),
    verdicts: [...new Set(loads.map((l) => String(l.verdict)))],
  };
}

export function firstVerdictLines(result: FirstVerdictResult): string[] {
  const line = (name: string, loads: LinkLoad[]) => {
    const link = linkSummary(loads, result.blank);
    return (
      `  ${name.padEnd(12)} verdict (${link.verdicts.join(', ')}) painted ${spreadText(link.painted)}, ` +
      `${Math.round(link.aboveBlankMs)} ms above the blank page; whole page ${spreadText(link.page)}; ` +
      `verifications asked of the Worker: ${link.verifications.join(', ')}; longest main-thread task ${longTasksText(link.longestTask)}`
    );
  };
  return [
    `first verdict, ${result.label}: cold Chromium ${result.chromium} context, medians of ${result.runs} (spread), from navigation start`,
    `  blank page   load painted ${spreadText(spreadOf(result.blank.map((l) => l.paintedMs)))}`,
    line('sample link', result.sample),
    line('share link', result.share),
  ];
}

if (process.argv[1] && /first-verdict\.ts$/.test(process.argv[1])) {
  const runs = Number(process.argv[2] ?? 7);
  const dists = process.argv.slice(3);
  const folders = (dists.length > 0 ? dists : ['dist']).map((dist) => ({ label: dist, dist }));
  for (const result of await benchFirstVerdict(folders, runs))
    for (const line of firstVerdictLines(result)) console.log(line);
}
