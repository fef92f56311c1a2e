import { useId } from 'react';
import type { InputDocument } from '../../../core';
import { formatBytes } from '../report/format';
import { Button } from '../../components/Button';
import { Untrusted, untrustedText } from '../../components/Untrusted';
import { documentBytes } from './read-files';

/**
 * What becomes of supporting documents added while there was no input: they are kept for the
 * next one, and the page says so, naming how many, before that input comes.
 */
function waitingText(waiting: number, supplied: number): string {
  const them = waiting === 1 ? 'it' : 'them';
  const what =
    waiting === supplied
      ? `${waiting} supporting ${waiting === 1 ? 'document' : 'documents'}`
      : `${waiting} of these supporting documents`;
  return `${what} will be verified with the next input you paste or type; a sample, files or a link start without ${them}.`;
}

/**
 * The supporting documents that go with the editor's text, each removable. Those kept for the
 * next input are announced (a polite live region) with a way to remove them all.
 */
export function SuppliedChips({
  supplied,
  waiting,
  onRemove,
  onRemoveWaiting,
}: {
  supplied: InputDocument[];
  /** How many of them wait for the next input (added while the editor was empty). */
  waiting: number;
  onRemove: (index: number) => void;
  onRemoveWaiting: () => void;
}) {
  const noteId = useId();
  return (
    <>
      {/* Always there, so that the note is announced when it appears. */}
      <div role="status" className={waiting > 0 ? 'mt-3' : 'sr-only'}>
        {waiting > 0 && (
          <p
            id={noteId}
            className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
            data-testid="supplied-waiting"
          >
            {waitingText(waiting, supplied.length)}
          </p>
        )}
      </div>
      {supplied.length > 0 && (
        <div className="mt-3 text-sm" data-testid="supplied">
          <span className="text-slate-600 dark:text-slate-400">
            {waiting === supplied.length
              ? 'Kept for the next input: '
              : 'Supplied with it (step receipts, evidence, proofs, final answer): '}
          </span>
          <ul className="mt-1 flex flex-wrap gap-2">
            {supplied.map((doc, i) => (
              <li
                key={i}
                className="flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800"
              >
                <Untrusted value={doc.name} /> · {formatBytes(documentBytes(doc))}
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
          {waiting > 0 && (
            <Button size="sm" className="mt-2" aria-describedby={noteId} onClick={onRemoveWaiting}>
              {waiting === 1 ? 'Remove it' : `Remove these ${waiting}`}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
