import type { Ref, TextareaHTMLAttributes } from 'react';

const BASE =
  'mono w-full rounded-lg border border-slate-300 bg-slate-50 text-xs dark:border-slate-700 dark:bg-slate-950';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A monospaced field for documents (JSON, hex, events). Spell checking and autocorrection are
 * off: they would flag or change the data. Height and padding come from the caller's `className`.
 */
export function TextArea({ className = '', ...rest }: TextAreaProps) {
  return (
    <textarea
      className={`${BASE} ${className}`}
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      {...rest}
    />
  );
}
