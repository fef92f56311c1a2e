import type { InputDocument } from '../../../core';
import { formatBytes } from '../report/format';
import { Untrusted, untrustedText } from '../../components/Untrusted';

/** The supporting documents that go with the editor's text, each removable. */
export function SuppliedChips({
  supplied,
  onRemove,
}: {
  supplied: InputDocument[];
  onRemove: (index: number) => void;
}) {
  if (supplied.length === 0) return null;
  return (
    <div className="mt-3 text-sm" data-testid="supplied">
      <span className="text-slate-600 dark:text-slate-400">
        Supplied with it (step receipts, evidence, proofs, final answer):{' '}
      </span>
      <ul className="mt-1 flex flex-wrap gap-2">
        {supplied.map((doc, i) => (
          <li
            key={i}
            className="flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800"
          >
            <Untrusted value={doc.name} /> ·{' '}
            {formatBytes(doc.bytes?.length ?? doc.text?.length ?? 0)}
            <button
              type="button"
              aria-label={`Remove ${untrustedText(doc.name)}`}
              onClick={() => onRemove(i)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
