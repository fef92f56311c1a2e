import type { ReactNode } from 'react';
import { Untrusted } from '../../components/Untrusted';

/**
 * One label and value of a details list (`<dl>`); an absent value shows as a dash. A value
 * given as a string is the document's (a goal, a tool, a status): shown as untrusted text.
 */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-sm break-words">
        {typeof children === 'string' ? <Untrusted value={children} /> : (children ?? '—')}
      </dd>
    </>
  );
}
