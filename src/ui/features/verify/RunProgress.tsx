import { Button } from '../../components/Button';

/** Shown while the Worker verifies: real progress once it knows the total, and a way out. */
export function RunProgress({
  done,
  total,
  phase,
  onCancel,
}: {
  done: number;
  total: number;
  /** 'reading': the Worker is reading the files of a large drop (done of total files). */
  phase?: 'reading';
  onCancel: () => void;
}) {
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
          <span>
            {done} of {total}
            {phase === 'reading' ? ' files' : ''}
          </span>
        </>
      )}
      <Button variant="link" size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
