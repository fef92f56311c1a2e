import type { ReactNode } from 'react';

/** One label and value of a details list (`<dl>`); an absent value shows as a dash. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{children ?? '—'}</dd>
    </>
  );
}
