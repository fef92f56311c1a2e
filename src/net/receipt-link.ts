/**
 * Loading a receipt from a link the user gives. Nothing here runs until the user has confirmed
 * the host. Requests carry no cookies and no referrer.
 */

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
    return { ok: true, url, host: parsed.host, askedId: askedId.toLowerCase(), viaResolver: true };
  }
  const parsed = safeUrl(text);
  if (!parsed)
    return { ok: false, message: 'That is neither an http(s) URL nor a receipt id (a UUID).' };
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

export const FETCH_TIMEOUT_MS = 20_000;
export const FETCH_MAX_BYTES = 64 * 1024 * 1024;

export async function fetchReceipt(
  url: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = FETCH_TIMEOUT_MS,
): Promise<FetchOutcome> {
  const host = new URL(url).host;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(url, {
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!response.ok) {
      return {
        ok: false,
        message:
          `${host} answered ${response.status} ${response.statusText}`.trim() +
          ': no receipt was loaded.',
      };
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > FETCH_MAX_BYTES)
      return {
        ok: false,
        message: `The file at ${host} is larger than ${FETCH_MAX_BYTES / 1024 / 1024} MiB.`,
      };
    const bytes = new Uint8Array(await response.arrayBuffer());
    const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || host);
    return { ok: true, bytes, name: `${host}/${name}` };
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
