import { CopyButton } from './CopyButton';
import { Untrusted, untrustedText } from './Untrusted';

/** A digest or id in monospace, shortened on narrow screens but copyable whole. */
export function Digest({ value, short = false }: { value: string; short?: boolean }) {
  const shown = short && value.length > 20 ? `${value.slice(0, 10)}…${value.slice(-8)}` : value;
  return (
    <span className="inline-flex max-w-full items-center gap-2">
      <code className="break-all text-xs" title={untrustedText(value)}>
        <Untrusted value={shown} />
      </code>
      <CopyButton value={value} />
    </span>
  );
}
