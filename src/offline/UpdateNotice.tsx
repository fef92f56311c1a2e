import { useSyncExternalStore } from 'react';
import { Button } from '../ui/components/Button';
import type { ServiceWorkerUpdates } from './updates';

/**
 * "A new version is available — reload": a polite status, present (empty) from the start so
 * screen readers announce it when it fills.
 */
export function UpdateNotice({ updates }: { updates: ServiceWorkerUpdates }) {
  const state = useSyncExternalStore(updates.subscribe, updates.getSnapshot);
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="update-notice"
      className={
        state === 'none'
          ? 'sr-only'
          : 'fixed right-4 bottom-4 z-50 flex items-center gap-3 rounded-lg bg-slate-800 px-4 py-3 text-sm text-white shadow-lg dark:bg-slate-200 dark:text-slate-900 print:hidden'
      }
    >
      {state !== 'none' && (
        <>
          <span>A new version is available</span>
          <span aria-hidden="true">—</span>
          <Button variant="link" size="sm" onClick={() => updates.apply()}>
            reload
          </Button>
        </>
      )}
    </div>
  );
}
