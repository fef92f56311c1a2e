import { describe, expect, it } from 'vitest';
import {
  inputSearch,
  parseSearch,
  placeIn,
  stringifySearch,
  validateVerifySearch,
  routerHref,
  verifyRouteSearch,
} from './search';

describe('verify route search parameters', () => {
  it('keep share payloads as the exact strings they are', () => {
    expect(parseSearch('?r=1.10&sample=valid-receipt')).toEqual({
      r: '1.10',
      sample: 'valid-receipt',
    });
    expect(validateVerifySearch(parseSearch('?r=1.10'))).toEqual({ r: '1.10' });
  });
  it('ignore the page’s own query string that hash history appends', () => {
    expect(parseSearch('?sample=tampered-receipt?from=cache&utm=x')).toEqual({
      sample: 'tampered-receipt',
    });
  });
  it('drop what they do not know or cannot use', () => {
    expect(validateVerifySearch({ sample: '../etc', r: '', other: 'x', moved: 'no' })).toEqual({});
    expect(validateVerifySearch({ src: 'https://a.example/r.json', moved: '1' })).toEqual({
      src: 'https://a.example/r.json',
      moved: true,
    });
  });
  it('carry a place in the report, which the loader does not act on', () => {
    const search = validateVerifySearch(parseSearch('?sample=workflow&at=step-3'));
    expect(search).toEqual({ sample: 'workflow', at: 'step-3' });
    expect(placeIn(search, 'step')).toBe(2);
    expect(placeIn(search, 'row')).toBeUndefined();
    expect(inputSearch(search)).toEqual({ sample: 'workflow' });
    expect(validateVerifySearch({ at: 'row-0x' })).toEqual({});
  });
  it('round-trip through the URL', () => {
    const search = { r: '1.a_b-c', src: 'https://a.example/x?y=1&z', moved: true };
    expect(validateVerifySearch(parseSearch(stringifySearch(search)))).toEqual(search);
    expect(stringifySearch({})).toBe('');
  });
});

describe('search strings read and written as URLSearchParams does', () => {
  const queries = [
    '',
    '?',
    'r=1.abc-_',
    '?r=1.abc&sample=valid-receipt',
    '?a=1&&b=&c&=d&a=2',
    '?x=a=b=c',
    '?r=1.x%2By&y=a+b',
    '?p=%E2%82%AC&q=é',
    '?__proto__=x&constructor=y',
    '?r=1.abc?utm=x',
  ];
  it('parses every query to what URLSearchParams gives', () => {
    for (const query of queries) {
      const own = (query.startsWith('?') ? query.slice(1) : query).split('?')[0] ?? '';
      expect(parseSearch(query), query).toEqual(Object.fromEntries(new URLSearchParams(own)));
    }
  });
  it('writes every search as URLSearchParams does', () => {
    const searches: Record<string, unknown>[] = [
      {},
      { r: '1.abc-_*', sample: 'x' },
      { r: '1.a b+c/d~é', moved: true, skipped: false, none: undefined },
      { 'odd key': 'v', at: 'row-2' },
    ];
    for (const search of searches) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(search))
        if (value !== undefined && value !== false)
          params.set(key, value === true ? '1' : String(value));
      const text = params.toString();
      expect(stringifySearch(search)).toBe(text ? `?${text}` : '');
    }
  });
});

describe('the verify route read from the address before the router exists', () => {
  it('reads the fragment as hash history does, with the page’s own query after it', () => {
    expect(verifyRouteSearch('#/?sample=valid-receipt', '')).toEqual({ sample: 'valid-receipt' });
    expect(verifyRouteSearch('#/?r=1.10&profile=strict&at=row-2', '?utm=x')).toEqual({
      r: '1.10',
      profile: 'strict',
      at: 'row-2',
    });
    // No fragment: the router reads the page's query as the verify route's.
    expect(verifyRouteSearch('', '?sample=workflow')).toEqual({ sample: 'workflow' });
    expect(verifyRouteSearch('#/', '')).toEqual({});
  });
  it("reads a share link's fragment (#r=, #src=) in the router's form, where it is", () => {
    expect(verifyRouteSearch('#r=1.10&profile=strict&max-age=2d', '?utm=x')).toEqual({
      r: '1.10',
      profile: 'strict',
      maxAge: '2d',
    });
    expect(verifyRouteSearch('#src=https%3A%2F%2Fo.example%2Fr.json', '')).toEqual({
      src: 'https://o.example/r.json',
    });
    expect(routerHref('#r=1.abc', '?utm=x')).toBe('/?r=1.abc?utm=x');
    expect(routerHref('#/about#part', '')).toBe('/about#part');
    expect(routerHref('', '?sample=x')).toBe('/?sample=x');
  });
  it('is undefined for the other pages', () => {
    expect(verifyRouteSearch('#/about', '')).toBeUndefined();
    expect(verifyRouteSearch('#/rules?rule=x', '')).toBeUndefined();
    expect(verifyRouteSearch('#/conformance?sample=valid-receipt', '')).toBeUndefined();
  });
});
