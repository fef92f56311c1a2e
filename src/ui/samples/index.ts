/**
 * Samples offered in the menu and by `?sample=<id>`. Bundled into the app (no fetch), so they
 * work offline and on any static host.
 */
import tamperedReceipt from './tampered-receipt.json?raw';
import validReceipt from './valid-receipt.json?raw';

export interface Sample {
  id: string;
  label: string;
  description: string;
  text: string;
  /** Documents supplied with it (step receipts, evidence, events, proofs). */
  supplied?: { name: string; text?: string; base64?: string }[];
}

export const SAMPLES: Sample[] = [
  {
    id: 'valid-receipt',
    label: 'Valid receipt',
    description: 'The reference kit’s minimal receipt (spec §2.5): verifies.',
    text: validReceipt,
  },
  {
    id: 'tampered-receipt',
    label: 'Tampered receipt',
    description:
      'The same receipt with the price inside canonical_bytes changed: the digest no longer matches.',
    text: tamperedReceipt,
  },
];

export function findSample(id: string | undefined): Sample | undefined {
  return SAMPLES.find((s) => s.id === id);
}
