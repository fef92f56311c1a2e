import { useMemo } from 'react';
import type { Report } from '../../../core';
import { STALE_CLASS } from '../../selectors/verdict';
import { Untrusted } from '../../components/Untrusted';
import { verdictSetting } from './profile-setting';
import { useAppliedSetting } from './useAppliedSetting';
import { verdictBannerText } from './verdict-banner-text';

export function VerdictBanner({
  report,
  elapsedMs,
  stale = false,
}: {
  report: Report;
  elapsedMs?: number;
  stale?: boolean;
}) {
  const { profile, clockPolicy, fromLink } = verdictSetting(useAppliedSetting());
  const text = useMemo(
    () =>
      verdictBannerText(
        report,
        { profile, clockPolicy, ...(fromLink ? { fromLink } : {}) },
        elapsedMs,
      ),
    [report, profile, clockPolicy, fromLink, elapsedMs],
  );
  return (
    <section
      role="status"
      aria-live="polite"
      data-testid="verdict-banner"
      data-verdict={text.verdict}
      data-core-verdict={text.coreVerdict}
      data-stale={stale}
      className={`rounded-xl p-4 ring-1 ring-inset ${text.className} ${stale ? STALE_CLASS : ''}`}
    >
      {stale && (
        <p className="mb-1 text-xs font-semibold tracking-wide">
          Earlier input — changed since verified
        </p>
      )}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-2xl font-bold">
          <span aria-hidden="true">{text.icon} </span>
          {text.headline}
          {text.warnings && (
            <span className="text-base font-semibold" data-testid="verdict-warnings">
              {' '}
              · {text.warnings}
            </span>
          )}
        </h2>
        <p className="text-sm">
          {text.kind} · <Untrusted className="break-all" value={text.source} />
          {text.elapsed !== undefined && <> · checked in your browser in {text.elapsed} ms</>}
        </p>
      </div>
      <p className="mt-1 text-sm">{text.explanation}</p>
      {text.limits.length > 0 && (
        <ul
          className="mt-2 list-disc space-y-0.5 pl-5 text-xs"
          aria-label="What this does not prove"
        >
          {text.limits.map((limit) => (
            <li key={limit}>{limit}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
