/**
 * A valid job timeline of `count` entries (spec §4), built with node:crypto and key-sorted
 * JSON, not with the core under test: each entry's prev_digest is the §4.2 digest of the entry
 * before it, and the last entry closes it. Short values keep a million entries under the file limit. For the scale e2e tests
 * and the JSON Lines detection tests.
 */
import { createHash } from 'node:crypto';

const GENESIS = '0'.repeat(64);
const sha256Hex = (data: string | Buffer): string =>
  createHash('sha256').update(data).digest('hex');

/** J(P_i) of §4.2 for these ASCII members: key-sorted compact JSON. */
function digestInput(entry: TimelineEntry, outputHash: string): string {
  return JSON.stringify({
    close: entry.close ?? false,
    id: entry.id,
    job_id: entry.job_id,
    output_hash: outputHash,
    prev_digest: entry.prev_digest,
    provenance_class: entry.provenance_class,
    seq: entry.seq,
    tool: entry.tool,
  });
}

export interface TimelineEntry {
  id: string;
  job_id: string;
  seq: number;
  tool: string;
  provenance_class: string;
  canonical_bytes: string;
  prev_digest: string;
  /** On the last entry only (§4.3: a finished timeline closes). */
  close?: true;
}

/** The entries, linked. */
export function buildTimelineEntries(count: number, job = 'job-big'): TimelineEntry[] {
  const entries = new Array<TimelineEntry>(count);
  let prev = GENESIS;
  for (let i = 0; i < count; i++) {
    const payload = Buffer.from(`{"n":${i}}`);
    const entry: TimelineEntry = {
      id: `e${i}`,
      job_id: job,
      seq: i + 1,
      tool: 't',
      provenance_class: 'LOGGED BY AGENT',
      canonical_bytes: payload.toString('base64'),
      prev_digest: prev,
      ...(i === count - 1 ? { close: true as const } : {}),
    };
    entries[i] = entry;
    prev = sha256Hex(digestInput(entry, sha256Hex(payload)));
  }
  return entries;
}

/** The timeline as JSON Lines: one entry a line, each line ending in a line feed. */
export function buildTimelineJsonLines(count: number): string {
  return buildTimelineEntries(count)
    .map((entry) => JSON.stringify(entry) + '\n')
    .join('');
}

/** The timeline as one JSON array. */
export function buildTimelineArray(count: number): string {
  return JSON.stringify(buildTimelineEntries(count));
}
