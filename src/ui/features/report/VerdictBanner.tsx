import { useMemo } from 'react';
import { KIND_LABELS, type Report } from '../../../core';
import {
  differenceExplained,
  verdictQualifier,
  verdictUnder,
  warningsLine,
  warningsOf,
} from '../../selectors/headline';
import { eventHeadline, STALE_CLASS, statusTone, verdictTone } from '../../selectors/verdict';
import { vectorSetHeadline } from '../../selectors/vector-set';
import { Untrusted } from '../../components/Untrusted';
import { inViewWords } from '../chain/entry-numbers';
import { verdictSetting } from './profile-setting';
import { useAppliedSetting } from './useAppliedSetting';

/** Input that could not be read as a record: say what it is in plain words, not "Failed". */
export function readProblem(report: Report): { headline: string; explanation: string } | undefined {
  const parseError = report.parseError;
  if (parseError)
    return {
      headline: `Not valid JSON — a problem at line ${parseError.line}, column ${parseError.column}`,
      explanation:
        'The text could not be read as JSON, so nothing in it could be checked. This says nothing about whether a record was changed: fix the text at the place shown below.',
    };
  if (report.kind === 'unknown')
    return {
      headline: 'Not an AER-1 document',
      explanation:
        'This is valid JSON, but not a receipt, workflow, timeline, batch or anchor this verifier recognises; the check below lists what it accepts.',
    };
  return undefined;
}

export function VerdictBanner({
  report,
  elapsedMs,
  stale = false,
}: {
  report: Report;
  elapsedMs?: number;
  stale?: boolean;
}) {
  // The verdict under the setting this result was checked under, as the CLI's --profile decides.
  const shown = verdictUnder(report, verdictSetting(useAppliedSetting()));
  const tone = verdictTone(shown.verdict);
  // Not a record at all: say that, rather than "the record was changed".
  // "Could not read" is not "tampered": its own headline (the verdict value stays failed).
  const unreadable = readProblem(report);
  const warnings = useMemo(() => warningsOf(report), [report]);
  const warningText = warningsLine(warnings, (c) => inViewWords(c.rule, c.message));
  const set = vectorSetHeadline(report);
  const headline =
    unreadable?.headline ??
    `${eventHeadline(report) ?? set?.headline ?? tone.headline}${verdictQualifier(shown)}`;
  const explanation =
    unreadable?.explanation ?? set?.explanation ?? differenceExplained(shown) ?? tone.explanation;
  return (
    <section
      role="status"
      aria-live="polite"
      data-testid="verdict-banner"
      data-verdict={shown.verdict}
      data-core-verdict={shown.coreVerdict}
      data-stale={stale}
      className={`rounded-xl p-4 ring-1 ring-inset ${unreadable ? statusTone('not_checked').className : tone.className} ${stale ? STALE_CLASS : ''}`}
    >
      {stale && (
        <p className="mb-1 text-xs font-semibold tracking-wide">
          Earlier input — changed since verified
        </p>
      )}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-2xl font-bold">
          <span aria-hidden="true">{unreadable ? '!' : tone.icon} </span>
          {headline}
          {warningText && (
            <span className="text-base font-semibold" data-testid="verdict-warnings">
              {' '}
              · {warningText}
            </span>
          )}
        </h2>
        <p className="text-sm">
          {KIND_LABELS[report.kind]} · <Untrusted className="break-all" value={report.source} />
          {elapsedMs !== undefined && (
            <>
              {' '}
              · checked in your browser in{' '}
              {elapsedMs < 10 ? elapsedMs.toFixed(1) : Math.round(elapsedMs)} ms
            </>
          )}
        </p>
      </div>
      <p className="mt-1 text-sm">{explanation}</p>
      {report.limits.length > 0 && (
        <ul
          className="mt-2 list-disc space-y-0.5 pl-5 text-xs"
          aria-label="What this does not prove"
        >
          {report.limits.map((limit) => (
            <li key={limit}>{limit}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
