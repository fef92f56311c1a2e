import type { ShareOutcome } from '../../../share/share-link';
import { Untrusted } from '../../components/Untrusted';

/** The words for what became of "Copy link". */
export function shareMessageText(share: ShareOutcome): string {
  switch (share.kind) {
    case 'copied':
      return share.carries === 'documents'
        ? 'Link copied. It carries the receipt after the #, which is never sent to a server; opening it verifies again in the recipient’s browser.'
        : 'Link copied. It carries the receipt’s address after the #; opening it asks the recipient before fetching the receipt from that host, then verifies it in their browser.';
    case 'not-copied':
      return `Copy this link: ${share.url}`;
    case 'too-large':
      if (share.measure === 'payload')
        return `This input is too large for a link (${Math.round(share.bytes / 1024)} KiB of documents; links carry up to ${Math.round(share.limit / 1024)} KiB). Download the file and send it instead: the recipient can drop it here.`;
      return `This input is too large for a link (${Math.round(share.bytes / 1024)} KiB of link text; links hold up to ${Math.round(share.limit / 1024)} KiB). Download the file and send it instead: the recipient can drop it here.`;
  }
}

export function ShareMessage({ share }: { share: ShareOutcome }) {
  return (
    <p
      role="status"
      data-testid="share-message"
      className="rounded-lg bg-slate-100 p-3 text-sm break-all dark:bg-slate-800 print:hidden"
    >
      <Untrusted value={shareMessageText(share)} sentence />
    </p>
  );
}
