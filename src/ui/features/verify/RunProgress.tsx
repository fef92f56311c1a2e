import { withThousands } from '../../../core';
import { Button } from '../../components/Button';
import type { RunProgressState } from './verification';

/**
 * How far a run has got, in its own unit: "5,400 of 60,000" records or documents, or for a file
 * streamed record by record (whose count is known only at its end) the share of its bytes read
 * and the records verified so far.
 */
export function progressText(progress: RunProgressState): string {
  const { done, total, unit, records, phase } = progress;
  if (phase === 'reading') return `${withThousands(done)} of ${withThousands(total)} files read`;
  if (unit === 'bytes') {
    const percent = Math.floor((100 * done) / Math.max(1, total));
    return `${percent} % of the file · ${withThousands(records ?? 0)} records verified`;
  }
  return `${withThousands(done)} of ${withThousands(total)}`;
}

/** Shown while the Worker verifies: real progress once it knows the total, and a way out. */
export function RunProgress({
  progress,
  onCancel,
}: {
  progress: RunProgressState;
  onCancel: () => void;
}) {
  const { done, total, phase } = progress;
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 text-sm" data-testid="progress">
      <span
        className="h-4 w-4 animate-spin rounded-full border-2 border-teal-600 border-t-transparent"
        aria-hidden="true"
      />
      {phase === 'reading'
        ? 'Reading files in a background worker…'
        : 'Verifying in a background worker…'}
      {total > 0 && (
        <>
          <progress value={done} max={total} className="w-40" aria-label="Progress" />
          <span data-testid="progress-count">{progressText(progress)}</span>
        </>
      )}
      <Button variant="link" size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
