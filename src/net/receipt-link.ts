/**
 * Loading a receipt from a link the user gives. Nothing here runs until the user has confirmed
 * the host. Requests carry no cookies and no referrer, and redirects are not followed: a
 * redirect could lead to another host than the one confirmed (and the result would then be
 * labelled with the wrong one), and a page is not shown where a redirect leads.
 */
import { concatBytes, FETCH_MAX_BYTES, FETCH_TIMEOUT_MS, FILE_MAX_BYTES } from '../core';
import { lookupUrlProblem } from './lookup-url';

export const DEFAULT_RESOLVER = 'https://zambo.dev/api/v2/receipt/{id}/verify';
const UUID = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/;

export type LinkTarget =
  | { ok: true; url: string; host: string; askedId?: string; viaResolver: boolean }
  | { ok: false; message: string };

/**
 * What to fetch for what the user typed: a URL to a receipt file, a `…/run/<id>` page URL, or a
 * bare receipt id (both resolved through the resolver template, `{id}` replaced).
 */
export function resolveLinkTarget(input: string, resolver: string = DEFAULT_RESOLVER): LinkTarget {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'Enter a URL or a receipt id.' };
  const bare = new RegExp(`^${UUID.source}$`).exec(text);
  const runPage = /\/run\/([0-9a-fA-F-]{36})\/?(?:[?#].*)?$/.exec(text);
  const askedId =
    bare?.[0] ?? (runPage && UUID.test(runPage[1] as string) ? runPage[1] : undefined);
  if (askedId !== undefined) {
    if (!resolver.includes('{id}'))
      return { ok: false, message: 'The resolver address must contain {id}.' };
    const url = resolver.replace('{id}', encodeURIComponent(askedId.toLowerCase()));
    const parsed = safeUrl(url);
    if (!parsed)
      return { ok: false, message: `The resolver address ${resolver} is not a valid http(s) URL.` };
    const problem = lookupUrlProblem(parsed);
    if (problem) return { ok: false, message: `The resolver address is refused: ${problem}.` };
    return { ok: true, url, host: parsed.host, askedId: askedId.toLowerCase(), viaResolver: true };
  }
  const parsed = safeUrl(text);
  if (!parsed)
    return { ok: false, message: 'That is neither an http(s) URL nor a receipt id (a UUID).' };
  if (parsed.username !== '' || parsed.password !== '')
    return {
      ok: false,
      message:
        'That URL carries a user name or password before the host (user@host): browsers refuse to fetch such URLs from a page. Remove the part before @, or download the file and drop it here.',
    };
  const problem = lookupUrlProblem(parsed);
  if (problem)
    return {
      ok: false,
      message: `That URL is refused: ${problem}. Or download the file and drop it here.`,
    };
  return { ok: true, url: parsed.toString(), host: parsed.host, viaResolver: false };
}

function safeUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

export type FetchOutcome =
  { ok: true; bytes: Uint8Array; name: string } | { ok: false; message: string };

export async function fetchReceipt(
  url: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = FETCH_TIMEOUT_MS,
  maxBytes = FETCH_MAX_BYTES,
): Promise<FetchOutcome> {
  const host = new URL(url).host;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(url, {
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      redirect: 'manual',
      signal: controller.signal,
    });
    const redirect = redirectRefusal(url, response);
    if (redirect) return { ok: false, message: redirect };
    if (!response.ok) {
      return {
        ok: false,
        message:
          `${host} answered ${response.status} ${response.statusText}`.trim() +
          ': no receipt was loaded.',
      };
    }
    const tooLarge: FetchOutcome = {
      ok: false,
      message: `The file at ${host} is larger than ${formatMiB(maxBytes)} MiB, the most this page loads from a link: nothing was verified. Download it and drop it here instead (files up to ${formatMiB(FILE_MAX_BYTES)} MiB).`,
    };
    // Content-Length is only a claim (and absent when chunked): the bytes are counted as they come.
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > maxBytes) return tooLarge;
    const bytes = await readAtMost(response, maxBytes, controller);
    if (!bytes) return tooLarge;
    const last = new URL(url).pathname.split('/').pop() || host;
    return { ok: true, bytes, name: `${host}/${safeDecodeURIComponent(last)}` };
  } catch (error) {
    if (controller.signal.aborted)
      return { ok: false, message: `${host} did not answer within ${timeoutMs / 1000} s.` };
    return {
      ok: false,
      message:
        `Could not read ${url}. Either ${host} does not allow other sites to read it (no CORS header), or it could ` +
        `not be reached (offline, DNS or TLS failure). Browsers do not say which. You can download the file ` +
        `yourself and drop it here instead.` +
        (error instanceof Error && error.message ? ` (${error.message})` : ''),
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Why a response that is a redirect, or that came from elsewhere than `url`, is not loaded;
 * undefined for any other response. A browser gives a page an opaque response for a redirect
 * it did not follow (status 0, no Location), so where it leads can be named only outside one.
 */
function redirectRefusal(url: string, response: Response): string | undefined {
  const host = new URL(url).host;
  const isRedirect =
    response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
  const from = response.url ? safeUrl(response.url) : undefined;
  const elsewhere =
    response.redirected || (from !== undefined && from.origin !== new URL(url).origin);
  if (!isRedirect && !elsewhere) return undefined;
  const location = isRedirect ? response.headers.get('location') : response.url;
  let to: string | undefined;
  try {
    to = location ? new URL(location, url).host : undefined;
  } catch {
    to = undefined;
  }
  const where =
    to === undefined ? 'another address' : to === host ? `another address on ${host}` : to;
  return (
    `${host} answered with a redirect to ${where}, which this page does not follow: you confirmed ${host} only, ` +
    'and a redirect can lead to another host. Nothing was loaded. Open the link in a browser tab to see ' +
    'where it leads, then load that address here (its host is asked for again).'
  );
}

/** The body, or undefined as soon as it passes `maxBytes` (the download is then cancelled). */
async function readAtMost(
  response: Response,
  maxBytes: number,
  controller: AbortController,
): Promise<Uint8Array | undefined> {
  if (!response.body) {
    const whole = new Uint8Array(await response.arrayBuffer());
    return whole.length > maxBytes ? undefined : whole;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      controller.abort();
      return undefined;
    }
    chunks.push(value);
  }
  return concatBytes(chunks, total);
}

/** A path segment as text; a malformed `%` escape is kept as written rather than failing. */
function safeDecodeURIComponent(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function formatMiB(bytes: number): string {
  const mib = bytes / 1024 / 1024;
  return Number.isInteger(mib) ? String(mib) : mib.toFixed(2);
}
