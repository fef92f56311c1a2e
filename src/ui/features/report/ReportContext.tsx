import type { VerifyOutcome } from '../../../worker/client';
import { VERIFIER } from '../../build-info';
import { Untrusted } from '../../components/Untrusted';
import { usePrinting } from '../../components/usePrinting';
import { describeSetting } from './profile-setting';
import { useAppliedSetting } from './useAppliedSetting';

/**
 * The printed report's context (issue 24 item 16): what checked it, when, under which setting,
 * and the SHA-256 of every input as verified, so paper can be matched to its bytes later. Printed
 * only: on screen the toolbar's Export JSON carries the same.
 */
export function ReportContext({ outcome }: { outcome: VerifyOutcome }) {
  const applied = useAppliedSetting();
  // Built when printed: kept hidden on screen, a drop of 20,000 files made a row for each with
  // every result, in one long task of the page.
  const printing = usePrinting();
  const checked =
    outcome.checkedAt !== undefined
      ? new Date(outcome.checkedAt).toISOString()
      : 'at an unknown time';
  return (
    <section
      aria-label="What checked this report"
      data-testid="report-context"
      className="hidden space-y-1 text-xs print:block"
    >
      <p>
        {VERIFIER.name} {VERIFIER.version} · build {VERIFIER.build} · Checked {checked} in the
        reader’s browser · under {describeSetting(applied.setting)}
        {applied.from === 'link' ? ' (the share link’s setting)' : ''}
      </p>
      <table className="w-full border-collapse text-left">
        <thead>
          <tr>
            <th scope="col" className="pr-3 font-semibold">
              Input as verified
            </th>
            <th scope="col" className="pr-3 font-semibold">
              Bytes
            </th>
            <th scope="col" className="font-semibold">
              SHA-256
            </th>
          </tr>
        </thead>
        <tbody>
          {(printing ? (outcome.inputs ?? []) : []).map((input, i) => (
            <tr key={i} className="align-top">
              <td className="pr-3 break-all">
                <Untrusted value={input.name} />
              </td>
              <td className="pr-3">{input.bytes}</td>
              <td className="font-mono break-all">{input.sha256}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
