import type { InputDocument } from '../../core';
import type { Sample } from './index';

function base64ToBytes(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** The documents a sample verifies: its main document first, then what is supplied with it. */
export async function sampleDocuments(sample: Sample): Promise<InputDocument[]> {
  const content = await sample.load();
  return [
    content.main
      ? { name: content.main.name, bytes: base64ToBytes(content.main.base64) }
      : { name: `sample: ${sample.label}`, text: content.text },
    ...(content.supplied ?? []).map((s) =>
      s.base64 !== undefined
        ? { name: s.name, bytes: base64ToBytes(s.base64) }
        : { name: s.name, text: s.text ?? '' },
    ),
  ];
}
