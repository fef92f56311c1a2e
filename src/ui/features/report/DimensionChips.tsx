import { useMemo, useState } from 'react';
import { DIMENSIONS, type Check, type Dimension, type Report } from '../../../core';
import { DIMENSION_INFO } from '../../selectors/dimensions';
import { warningsLine, warningsOf } from '../../selectors/headline';
import { statusTone } from '../../selectors/verdict';
import { Untrusted, untrustedText } from '../../components/Untrusted';
import { inViewWords, withEntryNumbers } from '../chain/entry-numbers';

/**
 * The six dimensions. Those that were checked (pass, fail, unavailable) or carry a warning lead
 * as tiles; those with nothing to check collapse into one quiet line. A tile whose summary stands
 * for several checks ("(+2 more)") lists them all on click; a tile with warnings counts them.
 */
export function DimensionChips({ report }: { report: Report }) {
  const warnings = useMemo(() => warningsOf(report), [report]);
  const warned = (d: Dimension) => warnings.filter((c) => c.dimension === d);
  const tile = (d: Dimension) =>
    report.dimensions[d].status !== 'not_checked' || warned(d).length > 0;
  const checked = DIMENSIONS.filter(tile);
  const notChecked = DIMENSIONS.filter((d) => !tile(d));
  return (
    <div className="space-y-2">
      {checked.length > 0 && (
        <ul
          className="grid grid-cols-1 gap-2 sm:grid-cols-2 xl:grid-cols-3"
          aria-label="Dimensions"
        >
          {checked.map((d) => (
            <DimensionTile key={d} report={report} dimension={d} warnings={warned(d)} />
          ))}
        </ul>
      )}
      {notChecked.length > 0 && (
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="not-checked-line">
          <span aria-hidden="true">– </span>Not checked (nothing to check here):{' '}
          {notChecked.map((d, i) => (
            <span
              key={d}
              data-testid={`dimension-${d}`}
              data-status="not_checked"
              title={`${DIMENSION_INFO[d].covers} ${untrustedText(report.dimensions[d].summary)}`}
            >
              {i > 0 && ', '}
              <span className="font-medium">{DIMENSION_INFO[d].title}</span> (
              <Untrusted value={report.dimensions[d].summary} sentence />)
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

function DimensionTile({
  report,
  dimension,
  warnings,
}: {
  report: Report;
  dimension: Dimension;
  warnings: Check[];
}) {
  const [open, setOpen] = useState(false);
  const result = report.dimensions[dimension];
  const tone = statusTone(result.status);
  // Every check of the deciding status, for a summary that stands for several.
  const all = report.checks.filter((c) => c.dimension === dimension && c.status === result.status);
  const more = /\(\+\d+ more\)/.test(result.summary) && all.length > 1;
  // A timeline's messages count entries from 0; the page says them in the chain view's numbers.
  const summary = report.kind === 'timeline' ? withEntryNumbers(result.summary) : result.summary;
  const warningText = warningsLine(warnings, (c) => inViewWords(c.rule, c.message));
  return (
    <li
      data-testid={`dimension-${dimension}`}
      data-status={result.status}
      data-warnings={warnings.length}
      className={`rounded-lg p-2 ring-1 ring-inset ${tone.className}`}
      title={DIMENSION_INFO[dimension].covers}
    >
      <div className="flex items-center justify-between gap-2 text-sm font-semibold">
        <span>{DIMENSION_INFO[dimension].title}</span>
        <span className="text-xs font-medium">
          <span aria-hidden="true">{tone.icon} </span>
          {tone.label}
        </span>
      </div>
      {more ? (
        <>
          <button
            type="button"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            className="mt-0.5 text-left text-xs break-words underline decoration-dotted"
          >
            <Untrusted value={summary} sentence />
          </button>
          {open && (
            <ul className="mt-1 list-disc space-y-0.5 pl-4 text-xs break-words">
              {all.map((c, i) => (
                <li key={i}>
                  <Untrusted value={inViewWords(c.rule, c.message)} sentence />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className="mt-0.5 text-xs break-words">
          <Untrusted value={summary} sentence />
        </p>
      )}
      {warningText && (
        <p
          className={`mt-1 rounded px-1 text-xs font-medium ring-1 ring-inset ${statusTone('warning').className}`}
          data-testid="dimension-warnings"
        >
          <span aria-hidden="true">! </span>
          {warningText}
        </p>
      )}
    </li>
  );
}
