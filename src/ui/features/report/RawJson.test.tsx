import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RAW_PAGE, RawJson } from './RawJson';

const rows = (html: string): number => html.split('<li>').length - 1;

describe('<RawJson>', () => {
  it('a 200,000-member array shows one page of the top level, with a way to the rest', () => {
    const html = renderToStaticMarkup(<RawJson raw={new Array(200_000).fill(1)} />);
    expect(rows(html)).toBe(RAW_PAGE);
    expect(html).toContain('100 of 200,000 shown');
  });

  it('an object with 100,000 members: one page, and nested values stay closed', () => {
    const big: Record<string, unknown> = { nested: { a: [1, 2, 3], b: 'x' } };
    for (let i = 0; i < 100_000; i++) big[`extra_${i}`] = i;
    const html = renderToStaticMarkup(<RawJson raw={big} />);
    expect(rows(html)).toBe(RAW_PAGE);
    expect(html).toContain('nested');
    expect(html).toContain('2 members');
    expect(html).not.toContain('&quot;x'); // the nested object is closed
  });

  it('a small document shows every top-level member; strings are isolated and made visible', () => {
    const html = renderToStaticMarkup(
      <RawJson raw={{ tool: '\u202Eecirp_evil', n: 1, z: null }} />,
    );
    expect(rows(html)).toBe(3);
    expect(html).not.toContain('Show');
    expect(html).toContain('⟨U+202E⟩ecirp_evil');
    expect(html).not.toContain('\u202E');
  });

  it('says why a large document has no tree', () => {
    expect(renderToStaticMarkup(<RawJson raw={undefined} omitted="too big" />)).toContain(
      'too big',
    );
  });
});
