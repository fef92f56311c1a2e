/**
 * Where a share link's data sits in an address, read before anything else on the page (src/
 * boot.ts) and written by share-link.ts:
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

/** Why a share link

/**
 * Where the share data sits in a URL, and how the address should be rewritten so the router
 * sees `#/?r=…`. A share value in the query string (`?r=`), which servers do see, is moved
 * into the fragment and flagged so the page can say so.
 */
export function normaliseShareUrl(
  href: string,
): { href: string; movedFromQuery: boolean } | undefined {
  const url = new URL(href);
  const fromQuery = url.searchParams.get('r') ?? undefined;
  const fromQuerySrc = url.searchParams.get('src') ?? undefined;
  const hash = url.hash.slice(1);
  let key: 'r' | 'src' | undefined;
  let value: string | undefined;
  let movedFromQuery = false;
  let setting: SharedSetting | undefined;
  if (hash.startsWith('r=') || hash.startsWith('src=')) {
    key = hash.startsWith('r=') ? 'r' : 'src';
    const split = splitSettingParams(hash.slice(key.length + 1));
    value = split.value;
    setting = split.setting;
    if (key === 'src') value = safeDecode(value);
  } else if (fromQuery !== undefined || fromQuerySrc !== undefined) {
    key = fromQuery !== undefined ? 'r' : 'src';
    value = (fromQuery ?? fromQuerySrc) as string;
    movedFromQuery = key === 'r';
    // The same bound on each value as in the fragment (splitSettingParams).
    const param = (name: string): string | null => {
      const read = url.searchParams.get(name);
      return read !== null && read.length <= SETTING_VALUE_MAX_CHARS ? read : null;
    };
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
  }
  if (key === undefined || value === undefined) return undefined;
  // The router's search names for the setting (src/ui/search.ts).
  const routed = setting
    ? `&profile=${encodeURIComponent(setting.profile)}` +
      (setting.maxFuture ? `&maxFuture=${encodeURIComponent(setting.maxFuture)}` : '') +
      (setting.maxAge ? `&maxAge=${encodeURIComponent(setting.maxAge)}` : '')
    : '';
  url.hash = `/?${key}=${encodeURIComponent(value)}${routed}${movedFromQuery ? '&moved=1' : ''}`;
  return { href: url.toString(), movedFromQuery };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
