import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Untrusted, untrustedText } from './Untrusted';

describe('<Untrusted>', () => {
  it('isolates the string and shows a bidi override as ⟨U+202E⟩, not as "live_price"', () => {
    const html = renderToStaticMarkup(<Untrusted value={'\u202Eecirp_evil'} />);
    expect(html).toContain('<bdi');
    expect(html).toContain('⟨U+202E⟩ecirp_evil');
    expect(html).not.toContain('\u202E');
    expect(html).toContain('data-hidden-characters');
  });
  it('leaves ordinary text alone', () => {
    expect(renderToStaticMarkup(<Untrusted value="live_price" />)).toBe(
      '<bdi data-untrusted="">live_price</bdi>',
    );
    expect(renderToStaticMarkup(<Untrusted value={undefined} />)).toBe('');
  });
  it('lays one of our sentences out left to right, whatever the values inside', () => {
    expect(
      renderToStaticMarkup(<Untrusted value={'tool \u05d0\u2066x is unknown'} sentence />),
    ).toBe(
      '<bdi data-untrusted="" dir="ltr" data-hidden-characters="" title="tool א⟨U+2066⟩x is unknown">tool א⟨U+2066⟩x is unknown</bdi>',
    );
  });
});

describe('untrustedText (attributes, titles)', () => {
  it('shows every hidden character, so none is left to reorder an attribute', () => {
    expect(untrustedText('Copy: id\u202e\u200b')).toBe('Copy: id⟨U+202E⟩⟨U+200B⟩');
    expect(untrustedText(undefined)).toBeUndefined();
  });
});
