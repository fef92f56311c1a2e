/**
 * Share links carry the profile and consumer clock policy the sender verified under (#12), and
 * links made before that read exactly as they did.
 */
import { describe, expect, it } from 'vitest';
import { SETTING_VALUE_MAX_CHARS } from '../core';
import { validateVerifySearch, verifyRouteSearch } from '../ui/search';
import { readUrlInput } from '../ui/features/verify/url-input';
import {
  buildShareLink,
  buildSourceLink,
  copyShareLink,
  decodeSharePayload,
  encodeSharePayload,
} from './share-link';
import {
  moveShareQuery,
  routedShareFragment,
  settingParams,
  splitSettingParams,
} from './share-url';

const page = 'https://h.example/a/';
const input = { main: { name: 'r.json', text: '{"id":"x"}' }, supplied: [] };

/** What the verify route reads from a link (the address as the router reads it, src/ui/search.ts). */
function routed(link: string) {
  const url = new URL(moveShareQuery(link) ?? link);
  return verifyRouteSearch(url.hash, url.search) ?? {};
}

describe('the setting in a share link', () => {
  it('is written after the value, the policy only where it is on', () => {
    expect(settingParams({ profile: 'strict', maxFuture: '5m', maxAge: '90d' })).toBe(
      '&profile=strict&max-future=5m&max-age=90d',
    );
    expect(settingParams({ profile: 'core' })).toBe('&profile=core');
    expect(settingParams(undefined)).toBe('');
  });

  it('round-trips through a documents link to the route and the page’s input', () => {
    const link = buildShareLink(page, input, { profile: 'strict', maxAge: '1d' });
    expect(link.kind).toBe('link');
    if (link.kind !== 'link') return;
    expect(link.url).toMatch(
      /^https:\/\/h\.example\/a\/#r=1\.[A-Za-z0-9_-]+&profile=strict&max-age=1d$/,
    );
    const search = routed(link.url);
    expect(search).toMatchObject({ profile: 'strict', maxAge: '1d' });
    expect(search.maxFuture).toBeUndefined();
    const read = readUrlInput(search);
    expect(read).toMatchObject({
      kind: 'share-link',
      setting: { profile: 'strict', maxFuture: '', maxAge: '1d' },
    });
    // The documents are those of the payload alone: the setting is not part of it.
    const decoded = read.kind === 'share-link' ? decodeSharePayload(read.value) : undefined;
    expect(decoded?.ok && decoded.input.main.text).toBe('{"id":"x"}');
  });

  it('round-trips through a receipt-address link', () => {
    const link = buildSourceLink(page, 'https://o.example/r.json?x=1&y=2', {
      profile: 'disinterested',
      maxFuture: '30s',
    });
    expect(link).toBe(
      `${page}#src=https%3A%2F%2Fo.example%2Fr.json%3Fx%3D1%26y%3D2&profile=disinterested&max-future=30s`,
    );
    expect(readUrlInput(routed(link))).toEqual({
      kind: 'receipt-link',
      url: 'https://o.example/r.json?x=1&y=2',
      setting: { profile: 'disinterested', maxFuture: '30s', maxAge: '' },
    });
  });

  it('copyShareLink puts the setting of the result being shared in the link', async () => {
    let copied = '';
    const outcome = await copyShareLink(
      page,
      { kind: 'documents', input, setting: { profile: 'reference-producer' } },
      async (text) => {
        copied = text;
      },
    );
    expect(outcome.kind).toBe('copied');
    expect(copied.endsWith('&profile=reference-producer')).toBe(true);
  });

  it('links made before it read as they did: no setting, the same value', () => {
    const old = `${page}#r=${encodeSharePayload(input)}`;
    expect(routedShareFragment(new URL(old).hash.slice(1))).toBe(
      `/?r=${encodeSharePayload(input)}`,
    );
    const read = readUrlInput(routed(old));
    expect(read).toEqual({ kind: 'share-link', value: encodeSharePayload(input) });
    // A hand-made address with an & of its own keeps it: only the setting's names are taken.
    expect(splitSettingParams('https://o.example/r?x=1&y=2')).toEqual({
      value: 'https://o.example/r?x=1&y=2',
    });
    expect(routedShareFragment('src=https://o.example/r?x=1&y=2')).toBe(
      `/?src=${encodeURIComponent('https://o.example/r?x=1&y=2')}`,
    );
    // And the payload of a link with a setting still decodes alone.
    const value = splitSettingParams(`${encodeSharePayload(input)}&profile=strict`).value;
    expect(decodeSharePayload(value).ok).toBe(true);
  });

  it('a link’s unknown profile or unreadable duration is not applied, and says so', () => {
    const read = readUrlInput({
      r: encodeSharePayload(input),
      profile: 'lenient',
      maxAge: '5x',
      maxFuture: '10m',
    });
    expect(read).toMatchObject({
      setting: { profile: 'core', maxFuture: '10m', maxAge: '' },
      ignoredSetting: ['profile "lenient"', 'max-age "5x"'],
    });
    // Values the route does not accept at all never reach the page.
    expect(validateVerifySearch({ profile: 'Strict<script>', maxAge: '1 d' })).toEqual({});
  });

  it('a ?r= in the query string brings its setting into the fragment too', () => {
    const moved = moveShareQuery(`${page}?r=1.abc&profile=strict&max-age=2d&keep=1`);
    expect(moved).toBe(`${page}?keep=1#/?r=1.abc&profile=strict&maxAge=2d&moved=1`);
  });

  it('takes only bounded setting values off the end; a longer one stays part of the value', () => {
    const payload = encodeSharePayload(input);
    const long = 'a'.repeat(SETTING_VALUE_MAX_CHARS + 1);
    expect(splitSettingParams(`${payload}&profile=${long}`)).toEqual({
      value: `${payload}&profile=${long}`,
    });
    // ...and so does everything before it, setting names included.
    expect(splitSettingParams(`${payload}&max-age=1d&profile=${long}`).setting).toBeUndefined();
    const longest = 'b'.repeat(SETTING_VALUE_MAX_CHARS);
    expect(splitSettingParams(`${payload}&max-future=${longest}`)).toEqual({
      value: payload,
      setting: { profile: 'core', maxFuture: longest },
    });
    // In the query string too.
    expect(moveShareQuery(`${page}?r=1.abc&profile=${long}`)).toBe(`${page}#/?r=1.abc&moved=1`);
  });

  it('reads a fragment ending in thousands of setting parameters, the last of each winning', () => {
    const payload = encodeSharePayload(input);
    const split = splitSettingParams(
      `${payload}${'&profile=&max-age=9d'.repeat(40_000)}&max-age=1d&profile=strict`,
    );
    expect(split).toEqual({ value: payload, setting: { profile: 'strict', maxAge: '1d' } });
    expect(decodeSharePayload(split.value).ok).toBe(true);
  });
});
