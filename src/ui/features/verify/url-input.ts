/**
 * What the verify route's URL asks for, read by the route's loader (src/ui/router.tsx) each time
 * the URL changes: a bundled sample (?sample=), documents carried in a share link (#r=, decoded
 * in the Worker: never on the page's thread), or a receipt address to fetch after the user
 * confirms the host (?src=).
 */
import { settingFromLink, type ProfileSetting } from '../report/profile-setting';
import { findSample, type Sample } from '../../samples';
import { sampleDocuments } from '../../samples/sample-documents';
import { inputSearch, type VerifySearch } from '../../search';
import { verification } from './verification';

/**
 * What the URL asks to verify. A share link (documents or a receipt address) may carry the
 * profile and clock policy its sender verified under: `setting` is that, to apply instead of the
 * saved one; `ignoredSetting` names link values that were not applied (an unknown profile…).
 */
export type UrlInput =
  | { kind: 'none' }
  | { kind: 'sample'; sample: Sample }
  | { kind: 'share-link'; value: string; setting?: ProfileSetting; ignoredSetting?: string[] }
  | { kind: 'receipt-link'; url: string; setting?: ProfileSetting; ignoredSetting?: string[] };

/** The setting a share link's search carries, when it carries one. */
function linkSetting(search: VerifySearch): {
  setting?: ProfileSetting;
  ignoredSetting?: string[];
} {
  if (search.profile === undefined) return {};
  const read = settingFromLink({
    profile: search.profile,
    ...(search.maxFuture !== undefined ? { maxFuture: search.maxFuture } : {}),
    ...(search.maxAge !== undefined ? { maxAge: search.maxAge } : {}),
  });
  if (!read) return {};
  return {
    setting: read.setting,
    ...(read.ignored.length > 0 ? { ignoredSetting: read.ignored } : {}),
  };
}

/** Pure: what the search parameters ask the page to verify. A share link wins over a sample. */
export function readUrlInput(search: VerifySearch): UrlInput {
  if (search.r !== undefined)
    return { kind: 'share-link', value: search.r, ...linkSetting(search) };
  const sample = findSample(search.sample);
  if (sample) return { kind: 'sample', sample };
  if (search.src !== undefined)
    return { kind: 'receipt-link', url: search.src, ...linkSetting(search) };
  return { kind: 'none' };
}

/** What the page shows from the URL itself, beside the verification the loader started. */
export interface UrlNotice {
  /** The share data arrived in the query string (?r=) and was moved after the #. */
  movedFromQuery: boolean;
  /** The address names a sample this app does not have (?sample=…, untrusted). */
  unknownSample?: string;
}

function urlNotice(search: VerifySearch): UrlNotice {
  return {
    movedFromQuery: search.moved === true,
    ...(search.sample !== undefined && !findSample(search.sample)
      ? { unknownSample: search.sample }
      : {}),
  };
}

/**
 * The verify route's loader: starts what the URL asks for in the page's session. A ?src= link
 * only opens the link loader, which asks before contacting the host.
 */
let lastLoaded: string | undefined;

export function loadUrlInput(search: VerifySearch): UrlNotice {
  // The router may run the loader again for the same input (a permalink's place changed, a
  // visit to another page and back): the session already holds that input and what the user
  // did with it since, so it is not verified again.
  const key = JSON.stringify(search);
  if (key === lastLoaded) return urlNotice(search);
  lastLoaded = key;
  const input = readUrlInput(search);
  // A link's setting applies to what it opens; a sample (or a link without one) uses the saved.
  switch (input.kind) {
    case 'sample':
      verification.setLinkSetting(undefined);
      void verification.verifySample(() => sampleDocuments(input.sample));
      break;
    case 'share-link':
      void verification.verifyShareLink(input.value, input);
      break;
    case 'receipt-link':
      verification.setLinkSetting(input.setting, input.ignoredSetting);
      verification.openLink(input.url);
      break;
    case 'none':
      break;
  }
  return urlNotice(search);
}

/**
 * What the loader will start for an address that carries documents (a sample, a share link),
 * started before the app has loaded (src/boot.ts), so that the Worker starts at once. When the
 * router runs the loader for the same address it finds this input loaded and starts nothing.
 * A ?src= link is left to the loader: it only opens the link loader. Returns whether it started.
 */
export function loadAddressInput(search: VerifySearch | undefined): boolean {
  if (!search) return false;
  const input = inputSearch(search);
  const kind = readUrlInput(input).kind;
  if (kind !== 'sample' && kind !== 'share-link') return false;
  loadUrlInput(input);
  return true;
}
