/** The vector-set rules: each vector agrees with the set's expectation, or the row says why not. */
import { defineRules } from '../rules/rule';

export const VECTOR_SET_RULES = defineRules({
  vector: {
    id: 'vector-set.vector',
    // The set's statements about the format, checked against it.
    dimension: 'schema_validity',
    section: '§6',
    origin: 'verifier',
    reference: '§1',
    pass: '<name>: agrees with the set (<expected>)',
    // <note>: "the set expects valid; this verifier finds: canonical_bytes is not valid base64".
    fail: '<name>: <note>',
    unavailable: '<name>: not decided: <note>',
  },
  summary: {
    id: 'vector-set.summary',
    dimension: 'schema_validity',
    section: '§6',
    origin: 'verifier',
    reference: '§1',
    info: '<agrees> of <total> vectors agree with the set; <disagrees> disagree, <undecided> not decided',
  },
});
