import type { ReactNode } from 'react';
import type { Tone } from '../selectors/verdict';

export function Badge({
  tone,
  children,
  title,
}: {
  tone: Tone;
  children?: ReactNode;
  title?: string;
}) {
  return (
    <span
      title={title}
      className={`inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-md px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tone.className}`}
    >
      <span aria-hidden="true">{tone.icon}</span>
      {children ?? tone.label}
    </span>
  );
}
