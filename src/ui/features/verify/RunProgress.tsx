import { Button } from '../../components/Button';

/** Shown while the Worker verifies: real progress once it knows the total, and a way out. */
export function RunProgress({
  done,
  total,
  onCancel,
}: {
  done: number;
  total: number;
  onCancel: () => void;
}) {
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 text-sm" data-testid="progress">
      <span
        className="h-4 w-4 animate-spin rounded-full border-2 border-teal-600 border-t-transparent"
        aria-hidden="true"
      />
      Verifying in a background worker…
      {total > 0 && (
        <>
          <progress value={done} max={total} className="w-40" aria-label="Progress" />
          <span>
            {done} of {total}
          </span>
        </>
      )}
      <Button variant="link" size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
