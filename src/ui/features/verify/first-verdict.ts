/**
 * The first verdict of an address that carries documents (a sample, a share link), painted
 * before the app: the page's entry (src/boot.ts) starts the address's verification at once, and
 * when the Worker answers, the verdict banner is painted here in plain DOM, with the same words
 * and tone as the app's (verdict-banner-text.ts), while the app's code is still to run. The app
 * then renders the whole page in its place, the verdict included.
 */
import { visibleText, type Report } from '../../../core';
import type { VerifyOutcome } from '../../../worker/client';
import { readProfileSetting, verdictSetting, type AppliedSetting } from '../report/profile-setting';
import { verdictBannerText } from '../report/verdict-banner-text';
import type { Verification } from './verification';

/**
 * Paints the verdict of the session's run into `root` when the run ends. `painted` says whether
 * a verdict was painted; after `stop()` (the app takes over the page) nothing is.
 */
export function paintFirstVerdict(
  root: HTMLElement,
  session: Verification,
): { painted: Promise<boolean>; stop: () => void } {
  let finish: (painted: boolean) => void = () => undefined;
  const painted = new Promise<boolean>((resolve) => {
    finish = (done: boolean) => {
      unsubscribe();
      resolve(done);
    };
  });
  let waiting = false;
  const check = () => {
    const { run, applied } = session.getSnapshot();
    if (run.state === 'running') {
      if (!waiting) paintWaiting(root);
      waiting = true;
      return;
    }
    finish(run.state === 'done' && paint(root, run.outcome, applied));
  };
  const unsubscribe = session.subscribe(check);
  check();
  return { painted, stop: () => finish(false) };
}

/** One result: its banner, where the app shows it (the result column on wide screens). */
function paint(root: HTMLElement, outcome: VerifyOutcome, applied: AppliedSetting | undefined) {
  const only = outcome.results.length === 1 ? outcome.results[0] : undefined;
  if (!only) return false;
  inResultColumn(root, banner(only.report, applied, outcome.elapsedMs));
  return true;
}

/**
 * While the Worker verifies, the line the app shows then (RunProgress.tsx, without its Cancel,
 * which the app brings). Laid out now, while the page waits, the page's first text (its fonts
 * found and measured) is no longer laid out in the frame that shows the verdict.
 */
function paintWaiting(root: HTMLElement) {
  inResultColumn(
    root,
    element(
      'div',
      'flex flex-wrap items-center gap-3 text-sm',
      ['Verifying in a background worker…'],
      {
        role: 'status',
      },
    ),
  );
}

function inResultColumn(root: HTMLElement, content: HTMLElement) {
  const columns = element('div', 'gap-6 lg:grid lg:grid-cols-2', [
    element('div', 'hidden lg:block'),
    element('div', '', [content]),
  ]);
  root.replaceChildren(
    element('div', 'mx-auto w-full max-w-7xl px-4 py-6', [columns], {
      'data-testid': 'first-verdict',
    }),
  );
}

/** The same element VerdictBanner.tsx renders for a fresh result. */
function banner(report: Report, applied: AppliedSetting | undefined, elapsedMs: number) {
  const setting = verdictSetting(applied ?? { setting: readProfileSetting(), from: 'saved' });
  const text = verdictBannerText(report, setting, elapsedMs);
  const headline = element('h2', 'text-2xl font-bold', [
    element('span', '', [`${text.icon} `], { 'aria-hidden': 'true' }),
    text.headline,
    ...(text.warnings
      ? [
          element('span', 'text-base font-semibold', [` · ${text.warnings}`], {
            'data-testid': 'verdict-warnings',
          }),
        ]
      : []),
  ]);
  const source = untrusted(text.source, 'break-all');
  const kind = element('p', 'text-sm', [
    `${text.kind} · `,
    source,
    ...(text.elapsed !== undefined ? [` · checked in your browser in ${text.elapsed} ms`] : []),
  ]);
  return element(
    'section',
    `rounded-xl p-4 ring-1 ring-inset ${text.className}`,
    [
      element('div', 'flex flex-wrap items-baseline justify-between gap-2', [headline, kind]),
      element('p', 'mt-1 text-sm', [text.explanation]),
      ...(text.limits.length > 0
        ? [
            element(
              'ul',
              'mt-2 list-disc space-y-0.5 pl-5 text-xs',
              text.limits.map((limit) => element('li', '', [limit])),
              { 'aria-label': 'What this does not prove' },
            ),
          ]
        : []),
    ],
    {
      role: 'status',
      'aria-live': 'polite',
      'data-testid': 'verdict-banner',
      'data-verdict': text.verdict,
      'data-core-verdict': text.coreVerdict,
      'data-stale': 'false',
    },
  );
}

/** A value from the input, shown as the Untrusted component shows it (hidden characters named). */
function untrusted(value: string, className: string): HTMLElement {
  const shown = visibleText(value);
  return element('bdi', className, [shown], {
    'data-untrusted': '',
    ...(shown !== value ? { 'data-hidden-characters': '', title: shown } : {}),
  });
}

/** An element with its class, text and children (text is set as text, never parsed as HTML). */
function element(
  tag: string,
  className: string,
  children: (Node | string)[] = [],
  attributes: Record<string, string> = {},
): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}
