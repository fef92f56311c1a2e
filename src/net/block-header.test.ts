import { describe, expect, it } from 'vitest';
import { HEADER_358391 } from '../../test/support/ots-headers';
import { BlockHeaderFetchError, fetchBlockHeader, type FetchLike } from './block-header';

const BASE = 'https://esplora.example.org/api';
const HASH_358391 = '000000000000000003e892881a8cdcdc117c06d444057c98b6f04a9ee75a2319';

/** A fake Esplora answering from a table; unknown URLs are 404. Records the URLs asked. */
function fakeEsplora(table: Record<string, string | Error>): {
  fetchImpl: FetchLike;
  asked: string[];
} {
  const asked: string[] = [];
  const fetchImpl: FetchLike = async (url) => {
    asked.push(url);
    const answer = table[url];
    if (answer instanceof Error) throw answer;
    return answer === undefined
      ? { ok: false, status: 404, statusText: 'Not Found', text: async () => 'Block not found' }
      : { ok: true, status: 200, statusText: 'OK', text: async () => answer };
  };
  return { fetchImpl, asked };
}

const goodTable = {
  [`${BASE}/block-height/358391`]: HASH_358391,
  [`${BASE}/block/${HASH_358391}/header`]: HEADER_358391 + '\n',
};

describe('fetchBlockHeader (Esplora API)', () => {
  it('height -> hash -> header, checked to hash to the named block', async () => {
    const { fetchImpl, asked } = fakeEsplora(goodTable);
    await expect(fetchBlockHeader(358391, { baseUrl: `${BASE}/`, fetchImpl })).resolves.toEqual({
      height: 358391,
      hash: HASH_358391,
      headerHex: HEADER_358391,
      // Internal byte order: the value the hello-world proof's replay reaches.
      merkleRoot: '007ee445d23ad061af4a36b809501fab1ac4f2d7e7a739817dd0cbb7ec661b8a',
      host: 'esplora.example.org',
    });
    expect(asked).toEqual([`${BASE}/block-height/358391`, `${BASE}/block/${HASH_358391}/header`]);
  });

  it('HTTP errors name the URL and status', async () => {
    const { fetchImpl } = fakeEsplora({});
    await expect(fetchBlockHeader(1, { baseUrl: BASE, fetchImpl })).rejects.toThrow(
      `${BASE}/block-height/1 answered HTTP 404 Not Found`,
    );
  });

  it("follows no redirect (the header must be the confirmed host's word) and sends no cookies", async () => {
    const inits: unknown[] = [];
    const redirecting: FetchLike = async (_url, init) => {
      inits.push(init);
      return { ok: false, status: 0, statusText: '', type: 'opaqueredirect', text: async () => '' };
    };
    await expect(fetchBlockHeader(1, { baseUrl: BASE, fetchImpl: redirecting })).rejects.toThrow(
      `${BASE}/block-height/1 answered with a redirect, which this page does not follow: you confirmed esplora.example.org only`,
    );
    expect(inits[0]).toMatchObject({
      redirect: 'manual',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  });

  it('a network failure is reported as such', async () => {
    const { fetchImpl } = fakeEsplora({
      [`${BASE}/block-height/1`]: new TypeError('Failed to fetch'),
    });
    await expect(fetchBlockHeader(1, { baseUrl: BASE, fetchImpl })).rejects.toThrow(
      /network error fetching .*: Failed to fetch/,
    );
  });

  it('an answer that is not a block hash is refused', async () => {
    const { fetchImpl } = fakeEsplora({ [`${BASE}/block-height/1`]: '<html>rate limited</html>' });
    await expect(fetchBlockHeader(1, { baseUrl: BASE, fetchImpl })).rejects.toThrow(
      /expected a 64-hex block hash, got "<html>rate limited<\/html>"/,
    );
  });

  it('a header that is not 80 bytes is refused', async () => {
    const { fetchImpl } = fakeEsplora({
      ...goodTable,
      [`${BASE}/block/${HASH_358391}/header`]: 'abcd',
    });
    await expect(fetchBlockHeader(358391, { baseUrl: BASE, fetchImpl })).rejects.toMatchObject({
      step: 'header',
      message: expect.stringMatching(/160 hex digits/),
    });
  });

  it('a header that does not hash to the named block is refused', async () => {
    const wrong = HEADER_358391.slice(0, 158) + '00';
    const { fetchImpl } = fakeEsplora({
      ...goodTable,
      [`${BASE}/block/${HASH_358391}/header`]: wrong,
    });
    const error = await fetchBlockHeader(358391, { baseUrl: BASE, fetchImpl }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BlockHeaderFetchError);
    expect(error).toMatchObject({
      step: 'check',
      message: expect.stringMatching(/not to the block hash/),
    });
  });

  it('bad input is refused before any request', async () => {
    const { fetchImpl, asked } = fakeEsplora(goodTable);
    await expect(fetchBlockHeader(-1, { baseUrl: BASE, fetchImpl })).rejects.toThrow(
      /not a non-negative integer/,
    );
    await expect(fetchBlockHeader(1.5, { baseUrl: BASE, fetchImpl })).rejects.toThrow(
      /not a non-negative integer/,
    );
    await expect(fetchBlockHeader(1, { baseUrl: 'ftp://x', fetchImpl })).rejects.toThrow(
      /not an http\(s\) URL/,
    );
    expect(asked).toEqual([]);
  });
});
