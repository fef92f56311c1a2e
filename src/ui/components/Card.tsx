import type { ReactNode } from 'react';

export function Card({
  title,
  children,
  actions,
  id,
  laidOutWhenNear = false,
}: {
  title?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  id?: string;
  /**
   * Laid out only once it comes near the viewport (content-visibility: auto), and always when
   * printed: for a long section below the fold, so opening a report lays out what is on screen.
   * Not for a card whose content overflows it (a menu): the containment this brings clips it.
   */
  laidOutWhenNear?: boolean;
}) {
  return (
    <section
      id={id}
      aria-label={typeof title === 'string' ? title : undefined}
      className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900${laidOutWhenNear ? ' [contain-intrinsic-size:auto_40rem] [content-visibility:auto] print:[content-visibility:visible]' : ''}`}
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
