import type { InputDocument } from '../../core';
import { SAMPLE_MAIN_BYTES, type Sample } from './index';

function base64ToBytes(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** The documents a sample verifies: its main document first, then what is supplied with it. */
export function sampleDocuments(sample: Sample): InputDocument[] {
  const binary = SAMPLE_MAIN_BYTES[sample.id];
  return [
    binary
      ? { name: binary.name, bytes: base64ToBytes(binary.base64) }
      : { name: `sample: ${sample.label}`, text: sample.text },
    ...(sample.supplied ?? []).map((s) =>
      s.base64 !== undefined
        ? { name: s.name, bytes: base64ToBytes(s.base64) }
        : { name: s.name, text: s.text ?? '' },
    ),
  ];
}
