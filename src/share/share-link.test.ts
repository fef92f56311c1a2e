import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SHARE_LINK_MAX_CHARS, SHARE_PAYLOAD_MAX_BYTES } from '../core';
import { sharePayloadProblemText } from '../ui/features/verify/share-payload-problem';
import {
  inflateBounded,
  buildShareLink,
  copyShareLink,
  buildSourceLink,
  decodeSharePayload,
  encodeSharePayload,
  fromBase64Url,
  toBase64Url,
} from './share-link';
import { moveShareQuery, routedShareFragment } from './share-url';

const RELAY_ANSWER = { relay: 'wss://r.example', eventId: 'ab'.repeat(32) };
const receipt = '{"id":"b6c63ac5-f324-4fa7-ad58-c4bf83faa86a","note":"ünïcødé €"}';

describe('share links', () => {
  it('round-trips text and binary documents through the fragment payload', () => {
    const binary = new Uint8Array([0x00, 0xff, 0x4f, 0x80]);
    const payload = encodeSharePayload({
      main: { name: 'receipt.json', text: receipt },
      supplied: [
        { name: 'proof.ots', bytes: binary },
        { name: 'evidence.txt', bytes: new TextEncoder().encode('hi'), role: 'final-answer' },
        { name: 'event from wss://r.example', text: '{}', fromRelay: RELAY_ANSWER },
      ],
    });
    expect(payload).toMatch(/^1\.[A-Za-z0-9_-]+$/);
    const decoded = decodeSharePayload(payload);
    expect(decoded).toEqual({
      ok: true,
      input: {
        main: { name: 'receipt.json', text: receipt },
        supplied: [
          { name: 'proof.ots', bytes: binary },
          { name: 'evidence.txt', text: 'hi', role: 'final-answer' },
          // A relay's answer stays one, so the link verifies it as the page did.
          { name: 'event from wss://r.example', text: '{}', fromRelay: RELAY_ANSWER },
        ],
      },
    });
  });

  it('builds a link whose data is only after #', () => {
    const link = buildShareLink('https://host.example/app/index.html?x=1#/old', {
      main: { name: 'r', text: receipt },
      supplied: [],
    });
    expect(link.kind).toBe('link');
    if (link.kind !== 'link') return;
    const url = new URL(link.url);
    expect(url.pathname + url.search).toBe('/app/index.html?x=1');
    expect(url.hash).toMatch(/^#r=1\./);
  });

  it('refuses links above the documented cap', () => {
    let random = 1;
    const noise = Array.from({ length: 200_000 }, () =>
      String.fromCharCode(33 + ((random = (random * 48271) % 2147483647) % 90)),
    ).join('');
    const link = buildShareLink('https://h.example/', {
      main: { name: 'big', text: noise },
      supplied: [],
    });
    expect(link).toMatchObject({ kind: 'too-large', limit: SHARE_LINK_MAX_CHARS });
    if (link.kind === 'too-large') expect(link.bytes).toBeGreaterThan(SHARE_LINK_MAX_CHARS);
  });

  it('copies the link, or says why it could not', async () => {
    const input = { main: { name: 'r', text: receipt }, supplied: [] };
    const copied: string[] = [];
    const ok = await copyShareLink(
      'https://h.example/#/',
      { kind: 'documents', input },
      async (text) => void copied.push(text),
    );
    expect(ok.kind).toBe('copied');
    expect(copied).toEqual([ok.kind === 'copied' ? ok.url : '']);
    const refused = await copyShareLink(
      'https://h.example/',
      { kind: 'source-url', url: 'https://x.example/r.json' },
      () => Promise.reject(new Error('denied')),
    );
    expect(refused).toEqual({
      kind: 'not-copied',
      url: 'https://h.example/#src=https%3A%2F%2Fx.example%2Fr.json',
    });
  });

  it.each([
    ['no version', 'abc', { kind: 'no-version' }],
    ['unknown version', '7.abc', { kind: 'unknown-version', version: '7' }],
    ['not base64url', '1.ab$c', { kind: 'not-base64url' }],
    [
      'truncated',
      () => encodeSharePayload({ main: { name: 'r', text: receipt }, supplied: [] }).slice(0, 20),
      { kind: 'undecodable' },
    ],
    ['not a payload', () => `1.${toBase64Url(new Uint8Array([0x03, 0x00]))}`, { kind: 'not-json' }],
  ])('says what is wrong with a %s link', (_, value, problem) => {
    const result = decodeSharePayload(typeof value === 'function' ? value() : value);
    expect(result).toEqual({ ok: false, problem });
  });
  it('a link whose text holds a lone surrogate is refused: it has no UTF-8 bytes to verify', () => {
    // JSON can write one (\ud800); this app never does: it sends such documents as base64.
    const payload = (doc: object) =>
      `1.${toBase64Url(deflateSync(new TextEncoder().encode(JSON.stringify(doc))))}`;
    for (const doc of [
      { main: { name: 'r.json', text: '{"a":"\ud800"}' } },
      { main: { name: 'r.json', text: '{}' }, supplied: [{ name: 'e.txt', text: 'x\udc00' }] },
    ]) {
      expect(decodeSharePayload(payload(doc))).toEqual({
        ok: false,
        problem: { kind: 'not-unicode' },
      });
    }
    expect(sharePayloadProblemText({ kind: 'not-unicode' })).toBe(
      'This share link holds text that is not Unicode (a lone surrogate, which has no UTF-8 bytes): it was not made by this app, so it was not opened.',
    );
  });

  it('base64url round-trips and rejects other alphabets', () => {
    const bytes = new Uint8Array([251, 255, 191, 0, 1]);
    expect(toBase64Url(bytes)).toBe('-_-_AAE');
    expect(fromBase64Url('-_-_AAE')).toEqual(bytes);
    expect(fromBase64Url('+/+/AAE')).toBeUndefined();
  });

  it("reads #r= and #src= in the router's form, and moves ?r= out of the query", () => {
    expect(routedShareFragment('r=1.abc')).toBe('/?r=1.abc');
    const src = buildSourceLink('https://h.example/a/', 'https://other.example/r.json?x=1');
    expect(routedShareFragment(new URL(src).hash.slice(1))).toBe(
      '/?src=https%3A%2F%2Fother.example%2Fr.json%3Fx%3D1',
    );
    expect(moveShareQuery('https://h.example/a/?r=1.abc&keep=2')).toBe(
      'https://h.example/a/?keep=2#/?r=1.abc&moved=1',
    );
    // A link in the fragment is the one read: the query is left alone.
    expect(moveShareQuery('https://h.example/a/?r=1.query#r=1.fragment')).toBeUndefined();
    expect(moveShareQuery('https://h.example/a/#r=1.abc')).toBeUndefined();
    expect(routedShareFragment('/about')).toBeUndefined();
    expect(moveShareQuery('https://h.example/a/#/about')).toBeUndefined();
  });
});

describe('share link deflate bombs', () => {
  const bomb = (bytes: number): string =>
    `1.${toBase64Url(deflateSync(new Uint8Array(bytes).fill(0x20), { level: 9 }))}`;

  it('a link expanding beyond the limit is refused quickly, without inflating it whole', () => {
    // Twice the limit: making the bomb (deflating it) is the slow part, not refusing it.
    const link = bomb(2 * SHARE_PAYLOAD_MAX_BYTES);
    const started = performance.now();
    const decoded = decodeSharePayload(link);
    const elapsed = performance.now() - started;
    expect(decoded).toEqual({
      ok: false,
      problem: { kind: 'too-large', limitBytes: SHARE_PAYLOAD_MAX_BYTES },
    });
    // Quick alone; the bound leaves room for a machine busy with the browser tests.
    expect(elapsed).toBeLessThan(2000);
    expect(
      sharePayloadProblemText({ kind: 'too-large', limitBytes: SHARE_PAYLOAD_MAX_BYTES }),
    ).toBe('This link expands beyond 8 MB; it was not made by this app, so it was not opened.');
  }, 30_000);

  it('inflateBounded stops at the limit and reads what fits', () => {
    const data = deflateSync(new Uint8Array(10_000).fill(7));
    expect(inflateBounded(data, 9_999)).toBe('too-large');
    expect(inflateBounded(data, 10_000)).toEqual(new Uint8Array(10_000).fill(7));
    expect(inflateBounded(data.subarray(0, 3), 10_000)).toBe('corrupt');
    expect(inflateBounded(new Uint8Array([0xff, 0xff, 0xff]), 10_000)).toBe('corrupt');
  });

  it('this app makes no link its decoder would refuse: a payload over the limit offers the file', () => {
    const text = ' '.repeat(SHARE_PAYLOAD_MAX_BYTES + 1);
    const link = buildShareLink('https://v.example/', {
      main: { name: 'big.json', text },
      supplied: [],
    });
    expect(link).toMatchObject({
      kind: 'too-large',
      limit: SHARE_PAYLOAD_MAX_BYTES,
      measure: 'payload',
    });
  });
});
