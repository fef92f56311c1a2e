import { useState, type ReactNode } from 'react';
import { KIND_LABELS, type Report, type VectorSetDetails } from '../../../core';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Untrusted } from '../../components/Untrusted';
import { agreementTone, shortenDigests } from '../../selectors/vector-set';

/**
 * A vector set's results table: each vector's name, what the set expects, what this verifier
 * found, and whether they agree; a row opens its vector's own report. `renderReport` is the
 * report view (passed in, so this view and the report view do not import each other).
 */
export function VectorSetView({
  details,
  renderReport,
}: {
  details: VectorSetDetails;
  renderReport: (report: Report) => ReactNode;
}) {
  const [open, setOpen] = useState<number | undefined>(undefined);
  const opened = open !== undefined ? details.rows[open] : undefined;
  return (
    <Card title={`Vectors (${details.rows.length})`}>
      {details.reading06 && (
        <p className="mb-2 text-sm" data-testid="vector-set-reading-06">
          Every chain in this set lacks <code>tool</code>: it is a set of -06 chains, so their
          expectations are compared with the historical -06 label.
        </p>
      )}
      {/* Focusable so keyboard users can scroll the table sideways on narrow screens. */}
      <div className="overflow-x-auto" role="region" aria-label="Vectors table" tabIndex={0}>
        <table className="w-full min-w-[32rem] border-collapse text-sm" data-testid="vector-table">
          <caption className="sr-only">Each vector of the set against this verifier</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600 uppercase dark:text-slate-400">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Vector
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Expected
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Ours
              </th>
              <th scope="col" className="py-2 font-semibold">
                Agree?
              </th>
            </tr>
          </thead>
          <tbody>
            {details.rows.map((row, index) => (
              <tr
                key={index}
                data-testid="vector-row"
                data-agreement={row.agreement}
                className="border-t border-slate-200 align-top dark:border-slate-800"
              >
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  <code className="break-words">
                    <Untrusted value={row.name} />
                  </code>
                  {row.kind && (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {KIND_LABELS[row.kind]}
                    </span>
                  )}
                  {/* On a phone the Agree? column is off to the side: the badge is here too. */}
                  <span className="mt-1 block sm:hidden" aria-hidden="true">
                    <Badge tone={agreementTone(row.agreement)} />
                  </span>
                </th>
                <td className="py-2 pr-3 break-words" title={row.expected}>
                  <Untrusted value={shortenDigests(row.expected)} />
                </td>
                <td className="py-2 pr-3 break-words" title={row.ours}>
                  <Untrusted value={shortenDigests(row.ours)} />
                </td>
                <td className="py-2">
                  <Badge tone={agreementTone(row.agreement)} />
                  {row.note && row.agreement !== 'agrees' && (
                    <p className="mt-1 text-xs break-words" data-testid="vector-note">
                      <Untrusted value={row.note} />
                    </p>
                  )}
                  {row.report && (
                    <Button
                      variant="link"
                      className="mt-1 block text-xs"
                      aria-expanded={open === index}
                      onClick={() => setOpen(open === index ? undefined : index)}
                    >
                      {open === index ? 'Hide its report' : 'Its report'}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {opened?.report && (
        <div className="mt-4 space-y-2" data-testid="vector-report">
          <h3 className="text-base font-semibold">
            Vector <Untrusted value={opened.name} />, verified as if it had come alone
          </h3>
          {renderReport(opened.report)}
        </div>
      )}
    </Card>
  );
}
