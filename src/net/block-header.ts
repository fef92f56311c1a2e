/**
 * Fetching a Bitcoin block header by height from an Esplora-style API (opt-in online lookup):
 * GET <base>/block-height/<h> -> block hash, then GET <base>/block/<hash>/header -> 160 hex.
 * The base URL is the caller's choice (no default origin is contacted). The answer is checked
 * for shape and that the header hashes to the hash the server named; whether the header really
 * is block <h> cannot be known from the header (the core reports that as the attestation's claim).
 * What the fetch adds is the server's word: "<host> names this header as block <h>", which the
 * anchors panel states as exactly that (see explorerConfirmation).
 */

/** The part of fetch used here; the global fetch fits, and tests pass a fake. */
export type FetchLike = (
  url: string,
  init?: {
    signal?: AbortSignal;
    credentials?: 'omit';
    referrerPolicy?: 'no-referrer';
    redirect?: 'manual';
  },
) => Promise<{
  ok: boolean;
  status: number;
  statusText: string;
  type?: string;
  text(): Promise<string>;
}>;

export interface FetchBlockHeaderOptions {
  /** e.g. an Esplora instance's API root ("https://<host>/api"); no trailing slash needed. */
  baseUrl: string;
  fetchImpl?: FetchLike;
  signal?: AbortSignal;
}

export interface FetchedBlockHeader {
  height: number;
  /** Block hash as explorers print it. */
  hash: string;
  /** The 80-byte header as 160 lowercase hex digits. */
  headerHex: string;
  /** The header's merkle root, hex in internal byte order (as the OTS replay reaches it). */
  merkleRoot: string;
  /** The explorer that named this header as block `height` (host of the base URL). */
  host: string;
}

export class BlockHeaderFetchError extends Error {
  constructor(
    message: string,
    /** Which request or check failed. */
    readonly step: 'input' | 'block-height' | 'header' | 'check',
  ) {
    super(message);
    this.name = 'BlockHeaderFetchError';
  }
}

export async function fetchBlockHeader(
  height: number,
  options: FetchBlockHeaderOptions,
): Promise<FetchedBlockHeader> {
  if (!Number.isSafeInteger(height) || height < 0)
    throw new BlockHeaderFetchError(
      `block height ${height} is not a non-negative integer`,
      'input',
    );
  const fetchImpl = options.fetchImpl ?? (globalThis as { fetch?: FetchLike }).fetch;
  if (!fetchImpl)
    throw new BlockHeaderFetchError(
      'no fetch implementation is available in this environment',
      'input',
    );
  const base = withoutTrailingSlashes(options.baseUrl);
  if (!/^https?:\/\/\S+$/.test(base))
    throw new BlockHeaderFetchError(
      `base URL ${JSON.stringify(options.baseUrl)} is not an http(s) URL`,
      'input',
    );

  const get = async (url: string, step: 'block-height' | 'header'): Promise<string> => {
    let response: Awaited<ReturnType<FetchLike>>;
    try {
      // No cookies, no referrer, and no redirect followed: "<host> names this header" must be
      // that host's word, not another's it redirected to.
      response = await fetchImpl(url, {
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        redirect: 'manual',
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      throw new BlockHeaderFetchError(
        `network error fetching ${url}: ${(error as Error).message}`,
        step,
      );
    }
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))
      throw new BlockHeaderFetchError(
        `${url} answered with a redirect, which this page does not follow: you confirmed ${new URL(url).host} only`,
        step,
      );
    if (!response.ok)
      throw new BlockHeaderFetchError(
        `${url} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
        step,
      );
    return (await response.text()).trim();
  };

  const hashUrl = `${base}/block-height/${height}`;
  const hash = (await get(hashUrl, 'block-height')).toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hash))
    throw new BlockHeaderFetchError(
      `unexpected answer from ${hashUrl}: expected a 64-hex block hash, got ${JSON.stringify(hash.slice(0, 80))}`,
      'block-height',
    );

  const headerUrl = `${base}/block/${hash}/header`;
  const headerHex = (await get(headerUrl, 'header')).toLowerCase();
  // Loaded on this opt-in lookup only: the page does not carry hashing on landing.
  const { parseBlockHeaderHex, analyseBlockHeader, loadHashing } = await import('./lookup-checks');
  const parsed = parseBlockHeaderHex(headerHex);
  if (!parsed.ok)
    throw new BlockHeaderFetchError(
      `unexpected answer from ${headerUrl}: ${parsed.problem}`,
      'header',
    );
  const header = analyseBlockHeader(parsed.bytes, await loadHashing());
  if (header.hash !== hash)
    throw new BlockHeaderFetchError(
      `the header from ${headerUrl} hashes to ${header.hash}, not to the block hash ${hash} the server named`,
      'check',
    );
  const merkleRoot = Array.from(header.merkleRoot, (b) => b.toString(16).padStart(2, '0')).join('');
  return { height, hash, headerHex, merkleRoot, host: new URL(base).host };
}

/** The URL without the slashes it ends in (a loop: `/\/+$/` is retried at every slash of a run). */
function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url.charCodeAt(end - 1) === 0x2f) end--;
  return url.slice(0, end);
}
