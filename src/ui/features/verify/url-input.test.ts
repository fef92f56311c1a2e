import { describe, expect, it } from 'vitest';
import { encodeSharePayload } from '../../../share/share-link';
import { sampleDocuments } from '../../samples/sample-documents';
import { readUrlInput } from './url-input';

describe('what the verify URL asks for', () => {
  it('nothing without parameters', () => {
    expect(readUrlInput({})).toEqual({ kind: 'none' });
  });

  it('a sample by id, with what is supplied with it', async () => {
    const input = readUrlInput({ sample: 'nostr-anchor' });
    expect(input.kind).toBe('sample');
    if (input.kind === 'sample')
      expect((await sampleDocuments(input.sample)).map((d) => d.name)).toEqual([
        'sample: Receipt with a Nostr anchor',
        'nostr-event.json',
      ]);
    expect(readUrlInput({ sample: 'no-such-sample' })).toEqual({ kind: 'none' });
  });

  it('a share link, whatever it holds, is left to the Worker to read (not decoded here)', () => {
    const r = encodeSharePayload({ main: { name: 'r.json', text: '{}' }, supplied: [] });
    expect(readUrlInput({ r })).toEqual({ kind: 'share-link', value: r });
    expect(readUrlInput({ r: '9.abc' })).toEqual({ kind: 'share-link', value: '9.abc' });
    // A share link wins over a sample.
    expect(readUrlInput({ r, sample: 'nostr-anchor' }).kind).toBe('share-link');
  });

  it('a receipt address, which is only offered (never fetched unasked)', () => {
    expect(readUrlInput({ src: 'https://x.example/r.json' })).toEqual({
      kind: 'receipt-link',
      url: 'https://x.example/r.json',
    });
  });
});
