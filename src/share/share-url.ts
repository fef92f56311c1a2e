/**
 * Where a share link's data sits in an address, read by the router and by the page's entry
 * before it (src/ui/search.ts, src/boot.ts), and written by share-link.ts:
 *   #r=<payload>   the documents themselves (share-link.ts encodes and decodes the payload)
 *   #src=<percent-encoded URL>   where the receipt was loaded from
 * Either form may end with the profile and consumer policy the sender verified under, so the
 * recipient sees the same verdict under the same setting:
 *   …&profile=strict&max-future=5m&max-age=90d
 * These trail the value, and only these three names are read there, so links made before them
 * (and hand-made `#src=` addresses with an `&` of their own) read as they always did.
 */
import { SETTING_VALUE_MAX_CHARS } from '../core';

/**
 * The profile and consumer clock policy a link carries (as typed: "5m", "90d"). Validated by the
 * app (src/ui/features/report/profile-setting.ts), not here: this is only the link's format.
 */
export interface SharedSetting {
  profile: string;
  maxFuture?: string;
  maxAge?: string;
}

/** The fragment names of a shared setting, in the order they are written. */
const SETTING_PARAMS = [
  ['profile', 'profile'],
  ['max-future', 'maxFuture'],
  ['max-age', 'maxAge'],
] as const;

/** `&profile=…&max-future=…&max-age=…` for a setting (the policy only where it is on). */
export function settingParams(setting: SharedSetting | undefined): string {
  if (!setting) return '';
  let out = '';
  for (const [param, key] of SETTING_PARAMS) {
    const value = setting[key];
    if (value) out += `&${param}=${encodeURIComponent(value)}`;
  }
  return out;
}

/** The setting name a fragment parameter `name=value` carries, undefined when it is none. */
function settingKey(name: string): (typeof SETTING_PARAMS)[number][1] | undefined {
  for (const [param, key] of SETTING_PARAMS) if (param === name) return key;
  return undefined;
}

/**
 * Splits a fragment value into the share value and the setting that trails it. Only the three
 * setting names are taken off the end, each with a value of at most SETTING_VALUE_MAX_CHARS;
 * anything else (and all before it) stays part of the value. The parameters are read from the
 * end, one `&` at a time, each character looked at once: the page reads this before it renders,
 * and a search from the start for every parameter took seconds on a long hostile fragment.
 */
export function splitSettingParams(value: string): { value: string; setting?: SharedSetting } {
  const found: Partial<Record<(typeof SETTING_PARAMS)[number][1], string>> = {};
  let end = value.length;
  for (;;) {
    // The longest parameter that can be a setting: `&max-future=` and its value.
    const from = Math.max(0, end - ('&max-future='.length + SETTING_VALUE_MAX_CHARS));
    const amp = value.lastIndexOf('&', end - 1);
    if (amp < from || amp === -1) break;
    const eq = value.indexOf('=', amp);
    if (eq === -1 || eq >= end) break;
    const key = settingKey(value.slice(amp + 1, eq));
    if (!key || end - (eq + 1) > SETTING_VALUE_MAX_CHARS) break;
    // The parameter nearest the end wins, as the router's last one would.
    found[key] ??= safeDecode(value.slice(eq + 1, end));
    end = amp;
  }
  if (found.profile === undefined && found.maxFuture === undefined && found.maxAge === undefined)
    return { value };
  return {
    value: value.slice(0, end),
    setting: {
      profile: found.profile ?? 'core',
      ...(found.maxFuture ? { maxFuture: found.maxFuture } : {}),
      ...(found.maxAge ? { maxAge: found.maxAge } : {}),
    },
  };
}

/**
 * The router's form (`/?r=…`, `/?src=…`, with the setting's search names) of a fragment that is
 * a share link (`r=…` or `src=…`, without its `#`); undefined for any other fragment. The router
 * reads a link's fragment in this form (src/ui/search.ts, routerHref), so the address is never
 * rewritten for it: rewriting an address of megabytes held the page's thread.
 */
export function routedShareFragment(fragment: string): string | undefined {
  if (!isShareFragment(fragment)) return undefined;
  const key = fragment.startsWith('r=') ? 'r' : 'src';
  const split = splitSettingParams(fragment.slice(key.length + 1));
  const value = key === 'src' ? safeDecode(split.value) : split.value;
  return `/?${key}=${encodeURIComponent(value)}${routedSetting(split.setting)}`;
}

/** Whether a fragment (without its `#`) is a share link's. */
export function isShareFragment(fragment: string): boolean {
  return fragment.startsWith('r=') || fragment.startsWith('src=');
}

/** The router's search names for a link's setting (src/ui/search.ts). */
function routedSetting(setting: SharedSetting | undefined): string {
  if (!setting) return '';
  return (
    `&profile=${encodeURIComponent(setting.profile)}` +
    (setting.maxFuture ? `&maxFuture=${encodeURIComponent(setting.maxFuture)}` : '') +
    (setting.maxAge ? `&maxAge=${encodeURIComponent(setting.maxAge)}` : '')
  );
}

/**
 * The address with a share value carried in its query string (`?r=`, `?src=`, which servers
 * do see) moved into the fragment in the router's form, and flagged (`moved=1`) so the page can
 * say so; undefined when the query carries none (a link in the fragment is read where it is).
 */
export function moveShareQuery(href: string): string | undefined {
  const url = new URL(href);
  // A link in the fragment is the one read; the query is then left as it is.
  if (isShareFragment(url.hash.slice(1))) return undefined;
  const fromQuery = url.searchParams.get('r') ?? undefined;
  const fromQuerySrc = url.searchParams.get('src') ?? undefined;
  if (fromQuery === undefined && fromQuerySrc === undefined) return undefined;
  const key = fromQuery !== undefined ? 'r' : 'src';
  const value = (fromQuery ?? fromQuerySrc) as string;
  // The same bound on each value as in the fragment (splitSettingParams).
  const param = (name: string): string | null => {
    const read = url.searchParams.get(name);
    return read !== null && read.length <= SETTING_VALUE_MAX_CHARS ? read : null;
  };
  let setting: SharedSetting | undefined;
  const profile = param('profile');
  if (profile !== null) {
    setting = { profile };
    const maxFuture = param('max-future');
    const maxAge = param('max-age');
    if (maxFuture) setting.maxFuture = maxFuture;
    if (maxAge) setting.maxAge = maxAge;
  }
  for (const name of ['r', 'src', 'profile', 'max-future', 'max-age'])
    url.searchParams.delete(name);
  url.hash = `/?${key}=${encodeURIComponent(value)}${routedSetting(setting)}${key === 'r' ? '&moved=1' : ''}`;
  return url.toString();
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
