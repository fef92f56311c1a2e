import { DIMENSIONS, type Report } from '../../../core';
import { DIMENSION_INFO } from '../../selectors/dimensions';
import { statusTone } from '../../selectors/verdict';

export function DimensionChips({ report }: { report: Report }) {
  return (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Dimensions">
      {DIMENSIONS.map((d) => {
        const result = report.dimensions[d];
        const tone = statusTone(result.status);
        return (
          <li
            key={d}
            data-testid={`dimension-${d}`}
            data-status={result.status}
            className={`rounded-lg p-2 ring-1 ring-inset ${tone.className}`}
            title={DIMENSION_INFO[d].covers}
          >
            <div className="flex items-center justify-between gap-2 text-sm font-semibold">
              <span>{DIMENSION_INFO[d].title}</span>
              <span className="text-xs font-medium">
                <span aria-hidden="true">{tone.icon} </span>
                {tone.label}
              </span>
            </div>
            <p className="mt-0.5 text-xs break-words opacity-90">{result.summary}</p>
          </li>
        );
      })}
    </ul>
  );
}
