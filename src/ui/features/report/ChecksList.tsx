import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { sortChecksForDisplay, type Check, type SourceRange } from '../../../core';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Untrusted } from '../../components/Untrusted';
import { statusTone } from '../../selectors/verdict';
import { inViewWords } from '../chain/entry-numbers';

const PAGE = 200;

/** Every check, failures first; a click on a path highlights the place in the input. */
export function ChecksList({
  checks,
  onLocate,
}: {
  checks: Check[];
  onLocate?: (range: SourceRange) => void;
}) {
  const [showPassed, setShowPassed] = useState(true);
  const [limit, setLimit] = useState(PAGE);
  // A printed report states every check: show them all before the browser prints.
  useEffect(() => {
    const expand = () => {
      setShowPassed(true);
      setLimit(Number.POSITIVE_INFINITY);
    };
    window.addEventListener('beforeprint', expand);
    return () => window.removeEventListener('beforeprint', expand);
  }, []);
  const sorted = useMemo(() => sortChecksForDisplay(checks), [checks]);
  const shown = showPassed
    ? sorted
    : sorted.filter((c) => c.status !== 'pass' && c.status !== 'info');
  return (
    <div>
      <label className="mb-2 flex items-center gap-2 text-sm print:hidden">
        <input
          type="checkbox"
          checked={showPassed}
          onChange={(e) => setShowPassed(e.target.checked)}
        />
        Show passed checks and information
      </label>
      <ol className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="checks">
        {shown.slice(0, limit).map((check, i) => (
          <li
            key={i}
            // Laid out once near the viewport, as the Checks card is (Card's laidOutWhenNear): a
            // card just below the fold shows a few rows, and laying out every row's text on a cold
            // page is one long task.
            className="py-2 [contain-intrinsic-size:auto_4rem] [content-visibility:auto] print:[content-visibility:visible]"
            data-testid="check"
            data-status={check.status}
            data-rule={check.rule}
          >
            <div className="flex flex-wrap items-start gap-2">
              <Badge tone={statusTone(check.status)} />
              {/* A chain rule's message in the chain view's numbers (the report keeps the
                  reference wording). */}
              <span className="min-w-0 flex-1 text-sm break-words">
                <Untrusted value={inViewWords(check.rule, check.message)} sentence />
              </span>
            </div>
            <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1 pl-1 text-xs text-slate-600 dark:text-slate-400">
              <Link
                to="/rules"
                search={{ rule: check.rule }}
                // The Rules page brings the row into view itself.
                resetScroll={false}
                title="This rule on the Rules page"
                className="font-mono text-teal-700 underline decoration-dotted hover:decoration-solid dark:text-teal-300"
              >
                {check.rule}
              </Link>
              <span>{check.dimension}</span>
              {check.subject && (
                <span>
                  in <Untrusted value={check.subject} />
                </span>
              )}
              {check.range && onLocate ? (
                <button
                  type="button"
                  className="text-teal-700 underline decoration-dotted hover:decoration-solid dark:text-teal-300"
                  onClick={() => onLocate(check.range as SourceRange)}
                  title="Highlight in the input (a JSON pointer counts array items from 0)"
                >
                  <Pointer path={check.path} /> · line {check.range.line}, col {check.range.column}
                </button>
              ) : (
                <code title="JSON pointer (counts array items from 0)">
                  <Pointer path={check.path} />
                </code>
              )}
            </div>
            {(check.expected !== undefined || check.found !== undefined) && (
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 pl-1 text-xs">
                {check.expected !== undefined && (
                  <>
                    <dt className="text-slate-500 dark:text-slate-400">expected</dt>
                    <dd>
                      <code className="break-all">
                        <Untrusted value={check.expected} sentence />
                      </code>
                    </dd>
                  </>
                )}
                {check.found !== undefined && (
                  <>
                    <dt className="text-slate-500 dark:text-slate-400">found</dt>
                    <dd>
                      <code className="break-all">
                        <Untrusted value={check.found} sentence />
                      </code>
                    </dd>
                  </>
                )}
              </dl>
            )}
            {check.detail && (
              <p className="mt-1 pl-1 text-xs text-slate-600 dark:text-slate-400">
                <Untrusted value={check.detail} sentence />
              </p>
            )}
          </li>
        ))}
      </ol>
      {shown.length > limit && (
        <Button variant="link" className="mt-2" onClick={() => setLimit((n) => n + PAGE)}>
          Show {Math.min(PAGE, shown.length - limit)} more of {shown.length - limit}
        </Button>
      )}
    </div>
  );
}

/** A check's JSON pointer: its member names are the document's. */
function Pointer({ path }: { path: string }) {
  return path ? (
    <>
      pointer <Untrusted value={path} sentence />
    </>
  ) : (
    '(document)'
  );
}
