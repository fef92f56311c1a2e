import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { buttonClass } from './Button';

export interface MenuItem {
  key: string;
  /** What the item says; its accessible name. */
  label: ReactNode;
  /** A second, quieter line under the label. */
  description?: ReactNode;
  onSelect: () => void;
}

/**
 * A menu button (WAI-ARIA menu button pattern): opens below its trigger, its list scrolls within
 * the viewport (every item reachable on a phone), arrow keys, Home and End move between items,
 * Escape, Tab and a click outside close it, and focus returns to the trigger.
 */
export function Menu({
  label,
  items,
  testId,
  align = 'left',
  wide = false,
}: {
  label: ReactNode;
  items: MenuItem[];
  testId?: string;
  align?: 'left' | 'right';
  wide?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();
  /** Which item to focus when the menu opens: the first, or the last (ArrowUp on the trigger). */
  const focusOnOpen = useRef<'first' | 'last'>('first');

  const itemsInMenu = () =>
    Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const all = itemsInMenu();
    (focusOnOpen.current === 'last' ? all[all.length - 1] : all[0])?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onListKey = (event: React.KeyboardEvent) => {
    const all = itemsInMenu();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(at + 1);
      case 'ArrowUp':
        return move(at - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(all.length - 1);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case 'Tab':
        return close(false);
    }
  };

  return (
    <div ref={rootRef} className="relative" data-testid={testId}>
      <button
        ref={triggerRef}
        type="button"
        id={`${id}-trigger`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        className={buttonClass('secondary', 'md')}
        onClick={() => {
          focusOnOpen.current = 'first';
          setOpen((o) => !o);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            focusOnOpen.current = event.key === 'ArrowUp' ? 'last' : 'first';
            setOpen(true);
          }
        }}
      >
        {label}
      </button>
      {open && (
        <ul
          ref={listRef}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-trigger`}
          onKeyDown={onListKey}
          // On a phone a sheet along the bottom edge, whose list scrolls: every item is reachable.
          className={`fixed inset-x-2 bottom-2 z-30 max-h-[75dvh] overflow-y-auto overscroll-contain rounded-lg border border-slate-200 bg-white p-1 shadow-lg sm:absolute sm:inset-x-auto sm:bottom-auto sm:mt-1 sm:max-h-[min(32rem,60dvh)] ${align === 'right' ? 'sm:right-0' : 'sm:left-0'} ${wide ? 'sm:w-80' : 'sm:w-64'} dark:border-slate-700 dark:bg-slate-900`}
        >
          {items.map((item) => (
            <li key={item.key} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="w-full rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-500 dark:hover:bg-slate-800 dark:focus:bg-slate-800"
                onClick={() => {
                  close(true);
                  item.onSelect();
                }}
              >
                <span className="font-medium">{item.label}</span>
                {item.description !== undefined && (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {item.description}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
