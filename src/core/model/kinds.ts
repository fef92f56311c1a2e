/**
 * The document kinds by name, each with its label, as data that imports nothing: DocumentKind is
 * the names of this table, so a new kind is named here once. The page shows labels long before
 * (and without) loading any verifier, so they must not pull the kind descriptors (kinds/*.ts)
 * into its bundle; each descriptor takes its label from here.
 */
export const KIND_LABELS = {
  receipt: 'per-call receipt',
  'wrapped-receipt': 'wrapped receipt (envelope.receipt)',
  'cloudevent-receipt': 'CloudEvent receipt (data)',
  'eventbridge-receipt': 'EventBridge event receipt (detail.data)',
  workflow: 'workflow receipt',
  timeline: 'job timeline (hash chain)',
  commitment: 'job timeline commitment',
  batch: 'receipt batch',
  'nostr-event': 'Nostr event',
  'ots-proof': 'OpenTimestamps proof',
  'block-header': 'Bitcoin block header',
  'vector-set': 'vector set',
  unknown: 'unrecognised document',
} as const satisfies Record<string, string>;

/** A kind of document the verifier recognises (spec §1), or 'unknown'. */
export type DocumentKind = keyof typeof KIND_LABELS;

/** "a per-call receipt", "an OpenTimestamps proof", "an unrecognised document". */
export function kindWithArticle(kind: DocumentKind): string {
  return KINDS_WITH_ARTICLE[kind];
}

/** Written once: every record of a stream names its kind this way. */
const KINDS_WITH_ARTICLE = Object.fromEntries(
  Object.entries(KIND_LABELS).map(([kind, label]) => [
    kind,
    `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`,
  ]),
) as Record<DocumentKind, string>;

/**
 * The anchor types (spec §5) by name, each with the document kinds that are its material: they
 * witness a record, and are never its evidence file or final answer. Each type's descriptor is
 * in anchor/registry.ts; AnchorKind is the names of this table, so a new type is named here once.
 */
export const ANCHOR_TYPES = {
  log: [],
  nostr: ['nostr-event'],
  ots: ['ots-proof', 'block-header'],
} as const satisfies Record<string, readonly DocumentKind[]>;

/** An anchor type: what an anchor the report lists is (anchor/details.ts AnchorEntry). */
export type AnchorKind = keyof typeof ANCHOR_TYPES;

/** The kinds that are anchor material, of every anchor type. */
export const ANCHOR_MATERIAL_KINDS: ReadonlySet<DocumentKind> = new Set<DocumentKind>(
  Object.values(ANCHOR_TYPES).flat(),
);
