import { KIND_LABELS, type Report } from '../../../core';
import { verdictTone } from '../../selectors/verdict';
import { Untrusted } from '../../components/Untrusted';

export function VerdictBanner({ report, elapsedMs }: { report: Report; elapsedMs?: number }) {
  const tone = verdictTone(report.verdict);
  // Not a record at all: say that, rather than "the record was changed".
  const explanation = report.parseError
    ? 'This is not valid JSON, so nothing could be verified. The place of the error is shown below.'
    : report.kind === 'unknown'
      ? 'This is not a document this verifier recognises; the check below lists what it accepts.'
      : tone.explanation;
  return (
    <section
      role="status"
      aria-live="polite"
      data-testid="verdict-banner"
      data-verdict={report.verdict}
      className={`rounded-xl p-4 ring-1 ring-inset ${tone.className}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-2xl font-bold">
          <span aria-hidden="true">{tone.icon} </span>
          {tone.headline}
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
