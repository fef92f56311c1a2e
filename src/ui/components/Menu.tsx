import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { buttonClass } from './Button';

/** Space kept between the menu and the window's edges (px). */
const EDGE_PX = 8;
/** A menu is never squeezed below this height (px): its list scrolls instead. */
const MIN_HEIGHT_PX = 160;

/** Floating UI loads when a menu first opens: a page where none is opened never needs it. */
let floatingUi: Promise<typeof import('@floating-ui/dom')> | undefined;
const loadFloatingUi = () => (floatingUi ??= import('@floating-ui/dom'));

/**
 * Places the menu beside its trigger and keeps it there while the page or a column scrolls:
 * below it, or above when there is more room there, shifted sideways to stay in the window, its
 * height capped to the room left (the list scrolls). The menu stays invisible until it is first
 * placed, so it never shows where it does not belong while the placing code loads.
 */
function floatBeside(
  trigger: HTMLElement,
  menu: HTMLElement,
  align: 'left' | 'right',
  onFirstPlaced: () => void,
): () => void {
  let placed = false;
  let stopped = false;
  let stopUpdates: (() => void) | undefined;
  const firstPlaced = () => {
    if (placed || stopped) return;
    placed = true;
    menu.style.visibility = '';
    onFirstPlaced();
  };
  menu.style.visibility = 'hidden';
  loadFloatingUi().then(
    ({ autoUpdate, computePosition, flip, offset, shift, size }) => {
      if (stopped) return;
      const place = () =>
        void computePosition(trigger, menu, {
          strategy: 'fixed',
          placement: align === 'right' ? 'bottom-end' : 'bottom-start',
          middleware: [
            offset(4),
            flip({ padding: EDGE_PX }),
            shift({ padding: EDGE_PX }),
            size({
              padding: EDGE_PX,
              apply({ availableWidth, availableHeight }) {
                menu.style.maxWidth = `${Math.max(0, availableWidth)}px`;
                menu.style.maxHeight = `${Math.max(MIN_HEIGHT_PX, availableHeight)}px`;
              },
            }),
          ],
        }).then(({ x, y }) => {
          if (stopped) return;
          menu.style.left = `${x}px`;
          menu.style.top = `${y}px`;
          firstPlaced();
        });
      stopUpdates = autoUpdate(trigger, menu, place);
    },
    // Not loaded (offline before the app was cached): the menu opens where the browser puts it.
    firstPlaced,
  );
  return () => {
    stopped = true;
    stopUpdates?.();
  };
}

export interface MenuItem {
  key: string;
  /** What the item says; its accessible name. */
  label: ReactNode;
  /** A second, quieter line under the label. */
  description?: ReactNode;
  onSelect: () => void;
}

/**
 * A menu button (WAI-ARIA menu button pattern): arrow keys, Home and End move between items,
 * Escape, Tab and a click outside close it, and focus returns to the trigger.
 *
 * The menu floats above the page in the browser's top layer (the Popover API, `popover="manual"`,
 * so this code keeps the menu pattern's own closing rules), so no column that scrolls on its own
 * can cut it off; Floating UI places it by its trigger, flipping upward or shifting sideways
 * when there is no room, since CSS anchor positioning is not in every browser yet. The list
 * stays a child of the trigger's element, so Tab order and "click outside" are as before.
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

  useLayoutEffect(() => {
    const trigger = triggerRef.current;
    const list = listRef.current;
    if (!open || !trigger || !list) return;
    list.showPopover();
    // Focus moves in once the list has its place and height: it then scrolls to the item.
    const stop = floatBeside(trigger, list, align, () => {
      const all = itemsInMenu();
      (focusOnOpen.current === 'last' ? all[all.length - 1] : all[0])?.focus();
    });
    return () => {
      stop();
      if (list.matches(':popover-open')) list.hidePopover();
    };
  }, [open, align]);

  useEffect(() => {
    if (!open) return;
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
    <div ref={rootRef} data-testid={testId}>
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
          popover="manual"
          aria-labelledby={`${id}-trigger`}
          onKeyDown={onListKey}
          // Placed by floatBeside; the list scrolls when the room left is shorter than it, with
          // a shade at the edge that has more (scroll-shades, index.css).
          className={`scroll-shades fixed inset-auto m-0 overflow-y-auto overscroll-contain rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg ${wide ? 'w-80' : 'w-64'} dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}
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
