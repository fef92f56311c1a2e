import type { ButtonHTMLAttributes, Ref } from 'react';

/**
 * The app's buttons, so a button looks the same wherever it is:
 *   primary    the one main action of a form (Verify, Fetch)
 *   secondary  outlined actions beside it (Open files…, Copy link)
 *   solid      a dark confirm or close button in a small panel or dialog
 *   ghost      a quiet action without an outline (Clear)
 *   link       reads as a link (Cancel, Change, Shortcuts)
 */
export type ButtonVariant = 'primary' | 'secondary' | 'solid' | 'ghost' | 'link';
/** `md` for a page's main rows, `sm` for toolbars and panels. */
export type ButtonSize = 'sm' | 'md';

const VARIANT: Record<ButtonVariant, string> = {
  primary: 'rounded-lg bg-teal-700 font-semibold text-white hover:bg-teal-800 disabled:opacity-50',
  secondary:
    'rounded-lg ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-50 dark:ring-slate-600 dark:hover:bg-slate-800',
  solid:
    'rounded bg-slate-800 text-white disabled:opacity-50 dark:bg-slate-200 dark:text-slate-900',
  ghost: 'rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800',
  link: 'underline disabled:opacity-50',
};

const SIZE: Record<ButtonVariant, Record<ButtonSize, string>> = {
  primary: { md: 'px-4 py-2 text-sm', sm: 'px-3 py-1' },
  secondary: { md: 'px-3 py-2 text-sm', sm: 'px-3 py-1.5 text-sm' },
  solid: { md: 'px-3 py-1', sm: 'px-2 py-1' },
  ghost: { md: 'px-3 py-2 text-sm', sm: 'px-2 py-1 text-sm' },
  link: { md: 'text-sm', sm: '' },
};

/** The classes of a button, for elements that act as one (a file-picker label, a summary). */
export function buttonClass(
  variant: ButtonVariant = 'secondary',
  size: ButtonSize = 'md',
  extra = '',
): string {
  return [VARIANT[variant], SIZE[variant][size], extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
}

/** A `type="button"` unless told otherwise, so it never submits a form by accident. */
export function Button({
  variant = 'secondary',
  size = 'md',
  className = '',
  type = 'button',
  ...rest
}: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}
