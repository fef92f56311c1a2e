/** Rules every document gets, whatever its kind: it must be read, recognised, and unambiguous. */
import { defineRules } from './rules/rule';

export const DOCUMENT_RULES = defineRules({
  syntax: {
    id: 'json.syntax',
    dimension: 'schema_validity',
    section: '§3',
    reference: '§1',
    fail: '<parser_message>',
  },
  duplicateMember: {
    id: 'json.duplicate_member',
    dimension: 'schema_validity',
    section: '§3',
    origin: 'verifier',
    reference: '§2.2',
    fail: 'duplicate member name: <name>',
  },
  kind: {
    id: 'document.kind',
    dimension: 'schema_validity',
    section: '§3',
    origin: 'verifier',
    reference: '§1',
    fail: 'unrecognised document: <reason>',
  },
  ambiguousKind: {
    id: 'document.kind.ambiguous',
    dimension: 'schema_validity',
    section: '§3',
    origin: 'verifier',
    reference: '§1',
    fail: 'this object is both <kind> and <other>',
  },
  carriedCommitment: {
    id: 'document.carried_commitment',
    dimension: 'byte_integrity',
    section: '§4',
    origin: 'verifier',
    reference: '§2.1',
    pass: '<where>: output_hash matches sha256(canonical_bytes)',
    fail: '<where>: <problem>',
  },
  batchNested: {
    id: 'batch.nested',
    dimension: 'schema_validity',
    section: '§3',
    origin: 'verifier',
    reference: '§2.6',
    fail: 'a batch member is itself an array; batches are flat lists of documents',
  },
  batchMembers: {
    id: 'batch.members',
    dimension: 'schema_validity',
    section: '§3',
    origin: 'verifier',
    reference: '§2.6',
    info: '<checked> of <total> documents checked: <verified> verified, <failed> failed, <incomplete> incomplete',
  },
});
