import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Untrusted } from './Untrusted';

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
});
