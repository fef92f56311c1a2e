import { SHARE_PAYLOAD_MAX_BYTES, withThousands, type InputDocument } from '../../../core';
import type { ShareOutcome, ShareSource } from '../../../share/share-link';
import type { VerifyOutcome } from '../../../worker/client';
import { Button } from '../../components/Button';
import { download } from './download';
import { readProfileSetting, settingForLink, type AppliedSetting } from '../report/profile-setting';
import { reportExport } from '../report/report-export';
import { PAGE_READS_UP_TO_FILES, unreadFile } from './read-files';
import { verification, type InputOrigin } from './verification';
import { Untrusted, untrustedText } from '../../components/Untrusted';

/** Why a link cannot be made of a file too large for the page to read (the Worker read it). */
export function largeFileLinkReason(file: File): string {
  return `No link: ${file.name} (${(file.size / 1024 / 1024).toFixed(1)} MB) is too large for a link, which carries up to ${SHARE_PAYLOAD_MAX_BYTES / 1024 / 1024} MiB of documents. Send the file itself: the recipient can drop it here.`;
}

/**
 * The share link's encoder (with its compressor) loads when "Copy link" is pointed at or
 * focused, not with the page: most visits never make a link.
 */
function shareLinkCode() {
  return import('../../../share/share-link');
}

/** The setting the result on screen was checked under. */
function appliedSetting(): AppliedSetting {
  return verification.getSnapshot().applied ?? { setting: readProfileSetting(), from: 'saved' };
}

/** Why a link cannot be made of a large drop, which the Worker read (the page never did). */
export function unreadDropLinkReason(count: number): string {
  return `No link: these ${withThousands(count)} files were read in the background worker, not on this page, far too many for a link. Send the files themselves: the recipient can drop them here.`;
}

/** What a share link is made from: the URL a receipt was loaded from, else the documents. */
function shareSource(origin: InputOrigin, inputs: InputDocument[]): ShareSource | undefined {
  if (origin.type === 'link') return { kind: 'source-url', url: origin.url };
  const [main, ...supplied] = inputs;
  return main ? { kind: 'documents', input: { main, supplied } } : undefined;
}

/**
 * Actions on a finished report: share it, save the input or the report, print it. They are off
 * (`disabled`) while the result on screen was computed from other text than the editor holds, so
 * a link, an export or a print always carries exactly what the recipient will be shown.
 */
export function ReportActions({
  outcome,
  inputs,
  origin,
  share,
  onShared,
  disabled,
}: {
  disabled: boolean;
  outcome: VerifyOutcome;
  inputs: InputDocument[];
  origin: InputOrigin;
  share: ShareOutcome | undefined;
  onShared: (share: ShareOutcome) => void;
}) {
  const main = inputs[0];
  // An input the page never read (a file too large to show or link, or one of a drop of very
  // many) has no bytes here: a link of it would carry an empty document. No link; the download
  // of a single one is the File itself.
  const unread = inputs.map(unreadFile).find((f) => f !== undefined);
  const unreadAlone = inputs.length === 1 ? unread : undefined;
  const noLinkReason =
    unread === undefined
      ? undefined
      : inputs.length > PAGE_READS_UP_TO_FILES
        ? unreadDropLinkReason(inputs.length)
        : largeFileLinkReason(unread);
  const copyLink = async () => {
    const found = shareSource(origin, inputs);
    if (!found) return;
    // The link carries the setting this result was verified under: the recipient sees the same.
    const applied = verification.getSnapshot().applied;
    const source = applied ? { ...found, setting: settingForLink(applied.setting) } : found;
    const { copyShareLink } = await shareLinkCode();
    onShared(
      await copyShareLink(window.location.href, source, (text) =>
        navigator.clipboard.writeText(text),
      ),
    );
  };
  return (
    <>
      <Button
        size="sm"
        disabled={disabled || noLinkReason !== undefined}
        title={noLinkReason !== undefined ? untrustedText(noLinkReason) : undefined}
        onClick={() => void copyLink()}
        onPointerEnter={() => void shareLinkCode()}
        onFocus={() => void shareLinkCode()}
      >
        Copy link
      </Button>
      {noLinkReason && (
        <span className="text-xs" data-testid="no-link-reason">
          <Untrusted value={noLinkReason} sentence />
        </span>
      )}
      {(share?.kind === 'too-large' || unreadAlone) && main && (
        <Button
          size="sm"
          disabled={disabled}
          onClick={() =>
            download(
              main.name.replace(/[^\w.-]+/g, '_') || 'receipt.json',
              (unreadFile(main) as BlobPart | undefined) ??
                (main.bytes as BlobPart | undefined) ??
                main.text ??
                '',
              'application/octet-stream',
            )
          }
        >
          Download input
        </Button>
      )}
      <Button
        size="sm"
        disabled={disabled}
        onClick={() =>
          download(
            'aer1-report.json',
            // The reports with what checked them, when, under which setting, and each input's
            // SHA-256 (report-export.ts).
            JSON.stringify(reportExport(outcome, appliedSetting()), null, 2),
            'application/json',
          )
        }
      >
        Export JSON
      </Button>
      <Button size="sm" disabled={disabled} onClick={() => window.print()}>
        Print report
      </Button>
    </>
  );
}
