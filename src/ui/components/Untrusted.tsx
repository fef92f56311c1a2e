import { visibleText } from '../../core';

export { visibleText };

/**
 * A string that came from the document (an id, a tool name, a file name): isolated with <bdi> so
 * a bidi control inside cannot reorder the page's own text around it, and with every bidi
 * control, invisible character and lone surrogate shown as ⟨U+XXXX⟩.
 */
export function Untrusted({
  value,
  className,
}: {
  /** undefined shows nothing. */
  value: string | undefined;
  className?: string;
}) {
  if (value === undefined) return null;
  const shown = visibleText(value);
  return (
    <bdi
      className={className}
      data-untrusted=""
      {...(shown !== value ? { 'data-hidden-characters': '', title: shown } : {})}
    >
      {shown}
    </bdi>
  );
}
