import type { SharePayloadProblem } from '../../../share/share-link';

/** The words for a share link whose data cannot be read. */
export function sharePayloadProblemText(problem: SharePayloadProblem): string {
  switch (problem.kind) {
    case 'no-version':
      return 'This share link is not in a format this verifier knows (no version).';
    case 'unknown-version':
      return `This share link uses format version ${problem.version}, which this version of the verifier does not know. Open it with a newer version.`;
    case 'not-base64url':
      return 'This share link is corrupt: the data after "1." is not base64url.';
    case 'undecodable':
      return 'This share link is corrupt or truncated: its data does not decode. Ask for the link again.';
    case 'not-deflate':
      return 'This share link is corrupt or truncated: its data does not decompress. Ask for the link again.';
    case 'too-large':
      return `This link expands beyond ${Math.round(problem.limitBytes / (1024 * 1024))} MB; it was not made by this app, so it was not opened.`;
    case 'not-json':
      return 'This share link is corrupt: its payload is not JSON.';
    case 'no-documents':
      return 'This share link is corrupt: its payload does not hold the documents.';
    case 'not-unicode':
      return 'This share link holds text that is not Unicode (a lone surrogate, which has no UTF-8 bytes): it was not made by this app, so it was not opened.';
  }
}
