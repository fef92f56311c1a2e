import type { SelectHTMLAttributes } from 'react';

const BASE =
  'rounded border border-slate-300 bg-transparent px-2 py-1 dark:border-slate-600 dark:bg-slate-900';

/** A drop-down in the style of TextInput; its options are the children. */
export function Select({ className = '', ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={`${BASE} ${className}`} {...rest} />;
}
