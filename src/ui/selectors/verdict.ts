/**
 * Badge and colour decisions as pure functions (never inside JSX), so they are unit-tested and
 * the same everywhere. Text always accompanies colour: colour is never the only signal.
 */
import type { CheckStatus, DimensionStatus, Report, Verdict } from '../../core';

export interface Tone {
  label: string;
  /** Tailwind classes for a filled badge. */
  className: string;
  /** A glyph shown before the label so the meaning survives without colour. */
  icon: string;
}

const PASS =
  'bg-emerald-100 text-emerald-900 ring-emerald-600/30 dark:bg-emerald-950 dark:text-emerald-200';
const FAIL = 'bg-red-100 text-red-900 ring-red-600/30 dark:bg-red-950 dark:text-red-200';
const UNAVAILABLE =
  'bg-amber-100 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-200';
const NEUTRAL =
  'bg-slate-100 text-slate-700 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-300';
const INFO = 'bg-sky-100 text-sky-900 ring-sky-600/30 dark:bg-sky-950 dark:text-sky-200';

/**
 * A verdict computed from other input than the editor holds: drained of its colour and outlined,
 * so it no longer reads as the answer for what is on screen (text stays at full contrast).
 */
export const STALE_CLASS = 'grayscale outline-2 outline-offset-2 outline-dashed outline-amber-600';

export function verdictTone(verdict: Verdict): Tone & { headline: string; explanation: string } {
  switch (verdict) {
    case 'verified':
      return {
        label: 'Verified',
        icon: '✓',
        className: PASS,
        headline: 'Verified',
        explanation:
          "The record's own commitments hold: the carried bytes match their digests and the record is well-formed.",
      };
    case 'failed':
      return {
        label: 'Failed',
        icon: '✗',
        className: FAIL,
        headline: 'Failed',
        explanation:
          'At least one check failed: the record was changed, or it does not follow the format.',
      };
    case 'incomplete':
      return {
        label: 'Incomplete',
        icon: '?',
        className: UNAVAILABLE,
        headline: 'Incomplete',
        explanation:
          'Nothing failed, but something that matters could not be checked here. This is not a pass.',
      };
  }
}

export function statusTone(status: CheckStatus | DimensionStatus): Tone {
  switch (status) {
    case 'pass':
      return { label: 'pass', icon: '✓', className: PASS };
    case 'fail':
      return { label: 'fail', icon: '✗', className: FAIL };
    case 'unavailable':
      return { label: 'unavailable', icon: '?', className: UNAVAILABLE };
    case 'not_checked':
      return { label: 'not checked', icon: '–', className: NEUTRAL };
    case 'warning':
      return { label: 'warning', icon: '!', className: UNAVAILABLE };
    case 'info':
      return { label: 'info', icon: 'i', className: INFO };
  }
}

/**
 * A Nostr event verified on its own: its headline says what its signature showed and what it
 * binds, so a valid signature over an event about nothing supplied never reads as "Verified".
 */
export function eventHeadline(report: Report): string | undefined {
  if (report.kind !== 'nostr-event' || report.details?.type !== 'anchors') return undefined;
  const event = report.details.anchors[0];
  if (!event) return undefined;
  const signature = event.steps.find((step) => step.label === 'signature')?.status;
  const signed =
    signature === 'pass'
      ? 'Signature valid'
      : signature === 'fail'
        ? 'Signature invalid'
        : 'Signature not checked';
  return `${signed} · ${event.bindsRecord ? `binds ${event.binds}` : 'binds no supplied record'}`;
}

/**
 * The publisher's own `verification_status` is a required value, not a finding: its passing
 * check is not shown inside a Failed report, where it would read as reassurance.
 */
export function checksToShow(report: Report): Report['checks'] {
  if (report.verdict !== 'failed') return report.checks;
  return report.checks.filter(
    (check) => !(check.rule === PUBLISHER_STATUS_RULE && check.status === 'pass'),
  );
}

const PUBLISHER_STATUS_RULE = 'receipt.verification_status';
