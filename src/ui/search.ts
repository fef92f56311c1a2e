/** Search parameters of the verify route, validated with defaults (pure, unit-tested). */
import { DURATION_MAX_CHARS, PROFILE_NAME_MAX_CHARS } from '../core';
import { routedShareFragment } from '../share/share-url';

export interface VerifySearch {
  /** Id of a bundled sample to load and verify. */
  sample?: string;
  /** Share-link payload (`1.<base64url(deflate-raw(...))>`), only ever in the fragment. */
  r?: string;
  /** A receipt URL to load after the user confirms the host. */
  src?: string;
  /** Set when a `?r=` in the query string was moved into the fragment. */
  moved?: boolean;
  /** A place in the report: `row-N` (a batch row) or `step-N` (a workflow step), 1-based. */
  at?: string;
  /** The profile and clock policy a share link carries (checked by the profile setting). */
  profile?: string;
  maxFuture?: string;
  maxAge?: string;
}

/** A place in the report a permalink points at, from `at=row-N` / `at=step-N`. */
export function placeIn(search: VerifySearch, kind: 'row' | 'step'): number | undefined {
  const match = /^(row|step)-(\d{1,7})$/.exec(search.at ?? '');
  return match && match[1] === kind && Number(match[2]) >= 1 ? Number(match[2]) - 1 : undefined;
}

/** What the route's loader acts on: everything but the place in the report. */
export function inputSearch(search: VerifySearch): VerifySearch {
  const input = { ...search };
  delete input.at;
  return input;
}

export function validateVerifySearch(search: Record<string, unknown>): VerifySearch {
  const out: VerifySearch = {};
  if (typeof search.sample === 'string' && /^[a-z0-9-]{1,64}$/.test(search.sample))
    out.sample = search.sample;
  if (typeof search.r === 'string' && search.r !== '') out.r = search.r;
  if (typeof search.src === 'string' && search.src !== '') out.src = search.src;
  if (search.moved === '1' || search.moved === true) out.moved = true;
  if (typeof search.at === 'string' && /^(row|step)-\d{1,7}$/.test(search.at)) out.at = search.at;
  if (
    typeof search.profile === 'string' &&
    search.profile.length <= PROFILE_NAME_MAX_CHARS &&
    /^[a-z-]+$/.test(search.profile)
  )
    out.profile = search.profile;
  for (const key of ['maxFuture', 'maxAge'] as const) {
    const value = search[key];
    if (
      typeof value === 'string' &&
      value.length <= DURATION_MAX_CHARS &&
      /^[0-9a-z.]+$/i.test(value)
    )
      out[key] = value;
  }
  return out;
}

/**
 * The href the router reads from an address (src/ui/router.tsx): as hash history reads it (the
 * fragment's path and query, then the page's own query, then a second fragment), with a share
 * link's fragment (`#r=…`, `#src=…`) read in the router's form (`/?r=…`) where it is.
 */
export function routerHref(hash: string, query: string): string {
  let fragmentEnd = hash.indexOf('#', 1);
  if (fragmentEnd < 0) fragmentEnd = hash.length;
  const fragment = hash.slice(1, fragmentEnd);
  const path = routedShareFragment(fragment) ?? (hash ? fragment : '/');
  return `${path}${query}${hash.slice(fragmentEnd)}`;
}

/**
 * The verify route's search in an address, read as the router reads it (routerHref), or
 * undefined when the address opens another page. The page's entry reads it before the router
 * exists.
 */
export function verifyRouteSearch(hash: string, query: string): VerifySearch | undefined {
  const href = routerHref(hash, query);
  const fragmentStart = href.indexOf('#');
  const own = fragmentStart < 0 ? href : href.slice(0, fragmentStart);
  const queryStart = own.indexOf('?');
  if ((queryStart < 0 ? own : own.slice(0, queryStart)) !== '/') return undefined;
  return validateVerifySearch(parseSearch(queryStart < 0 ? '' : own.slice(queryStart)));
}

/**
 * Search values stay plain strings: the router's default JSON-decodes them, which would turn a
 * share payload such as "1.10" into the number 1.1.
 */
export function parseSearch(query: string): Record<string, unknown> {
  // Hash history appends the page's real query string after the fragment's own
  // ("?sample=x" + "?utm=y"); only the fragment's part is ours.
  const from = query.startsWith('?') ? 1 : 0;
  const end = query.indexOf('?', from);
  const own = query.slice(from, end < 0 ? undefined : end);
  if (ENCODED.test(own)) return Object.fromEntries(new URLSearchParams(own));
  // Nothing to decode (a share link's payload is base64url): the pairs as URLSearchParams reads
  // them, without its copies of a link of megabytes, which the router reads on every navigation.
  const pairs: [string, string][] = [];
  for (const pair of own.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    pairs.push(eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)]);
  }
  return Object.fromEntries(pairs);
}

/** What URLSearchParams would decode: percent escapes, `+` for a space, any non-ASCII. */
const ENCODED = /[%+\u0080-\uffff]/;

/** What URLSearchParams writes as it is (application/x-www-form-urlencoded). */
const PLAIN = /^[A-Za-z0-9*._-]*$/;

export function stringifySearch(search: Record<string, unknown>): string {
  let text = '';
  for (const [key, raw] of Object.entries(search)) {
    if (raw === undefined || raw === false) continue;
    const value = raw === true ? '1' : String(raw);
    const pair =
      PLAIN.test(key) && PLAIN.test(value)
        ? `${key}=${value}`
        : new URLSearchParams([[key, value]]).toString();
    text += text ? `&${pair}` : pair;
  }
  return text ? `?${text}` : '';
}

/** The Rules page's place: `?rule=<id>` opens at that rule's row. */
export interface RulesSearch {
  rule?: string;
}

export function validateRulesSearch(search: Record<string, unknown>): RulesSearch {
  return typeof search.rule === 'string' && /^[a-z0-9_.-]{1,128}$/i.test(search.rule)
    ? { rule: search.rule }
    : {};
}

/** The Format page's place: `?section=2.1` opens at that section. */
export interface FormatSearch {
  section?: string;
}

export function validateFormatSearch(search: Record<string, unknown>): FormatSearch {
  return typeof search.section === 'string' && /^[0-9A-Za-z.-]{1,64}$/.test(search.section)
    ? { section: search.section }
    : {};
}
