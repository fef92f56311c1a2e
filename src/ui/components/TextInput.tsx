import type { InputHTMLAttributes, Ref } from 'react';

const BASE = 'rounded border border-slate-300 bg-transparent px-2 py-1 dark:border-slate-600';

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Monospaced, for URLs, hex and ids. */
  mono?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A one-line text field; width and margins come from the caller's `className`. */
export function TextInput({ mono = false, className = '', ...rest }: TextInputProps) {
  const classes = [BASE, mono ? 'font-mono' : '', className].filter(Boolean).join(' ');
  return <input className={classes} {...rest} />;
}
