/**
 * Anchor code for large inputs (load-code.ts, LOAD_WITHOUT_SCANNING): below the threshold secp256k1 and
 * SHA-1/RIPEMD-160 load only when the text may need them; from it up they load without the
 * text being scanned. This file loads neither up front: each test sees what verifyAll does.
 */
import { describe, expect, it } from 'vitest';
import { legacyHashesLoaded } from '../hash/sha256';
import { verifyAll } from '../verify';
import { schnorrVerifierLoaded } from './nostr/event';

/** A JSON object of no AER-1 kind, exactly `units` long, carrying neither a Nostr event nor a proof. */
const plainObject = (units: number): string => `{"note":"${'a'.repeat(units - 11)}"}`;

describe('loading anchor code for a large input', () => {
  it('a small input that needs neither loads neither', async () => {
    const { results } = await verifyAll([{ name: 'small.json', text: plainObject(1024) }]);
    expect(results[0]?.report.kind).toBe('unknown');
    expect(schnorrVerifierLoaded()).toBe(false);
    expect(legacyHashesLoaded()).toBe(false);
  });

  it('an input of 16 MiB loads both, as scanning it would cost more', async () => {
    const { results } = await verifyAll([{ name: 'large.json', text: plainObject(16 * 2 ** 20) }]);
    expect(results[0]?.report.kind).toBe('unknown');
    expect(schnorrVerifierLoaded()).toBe(true);
    expect(legacyHashesLoaded()).toBe(true);
  });
});
