import { visibleText } from '../../core';

/**
 * The one way the page shows a string that came from a document or from the network: a value
 * (an id, a tool name, a file name, a relay URL), or one of our sentences that carries such
 * values (a check message, a found value, a pointer, a relay's notice). Every bidi control,
 * invisible character and lone surrogate is shown as ⟨U+XXXX⟩, and the whole is isolated with
 * <bdi>, so nothing inside can reorder the page's own text around it or hide what it stores.
 *
 * `sentence`: the string is one of our sentences (left to right whatever the values in it);
 * otherwise a value, whose direction is its own first strong character's.
 */
export function Untrusted({
  value,
  className,
  sentence = false,
}: {
  /** undefined shows nothing. */
  value: string | undefined;
  className?: string;
  sentence?: boolean;
}) {
  if (value === undefined) return null;
  const shown = visibleText(value);
  return (
    <bdi
      className={className}
      data-untrusted=""
      {...(sentence ? { dir: 'ltr' } : {})}
      {...(shown !== value ? { 'data-hidden-characters': '', title: shown } : {})}
    >
      {shown}
    </bdi>
  );
}

/**
 * The same for where only a string can go: a title or aria-label attribute, a window title, a
 * card heading. Attributes cannot hold <bdi>: the hidden characters are shown as ⟨U+XXXX⟩, so
 * none is left to reorder the text.
 */
export function untrustedText(value: string): string;
export function untrustedText(value: string | undefined): string | undefined;
export function untrustedText(value: string | undefined): string | undefined {
  return value === undefined ? undefined : visibleText(value);
}
