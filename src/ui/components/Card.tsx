import type { ReactNode } from 'react';

export function Card({
  title,
  children,
  actions,
  id,
}: {
  title?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  id?: string;
}) {
  return (
    <section
      id={id}
      aria-label={typeof title === 'string' ? title : undefined}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      {(title || actions) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title && (
            <h2 className="text-sm font-semibold text-slate-700 dark:text-slate-300">{title}</h2>
          )}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
