/** The workflow module's public surface, for the UI, the Worker and the CLI. */
export { verifyWorkflowDocument, TRUNCATION_LIMIT } from './verify-workflow';
export {
  auditPathHex,
  isWorkflowDetails,
  nodeHex,
  type AuditPathHex,
  type WorkflowDetails,
  type WorkflowMerkleDetails,
  type WorkflowMerkleStatus,
  type WorkflowStepReceiptLink,
  type WorkflowStepRow,
} from './details';
export {
  auditPath,
  buildTree,
  nodeAt,
  nodeCount,
  verifyAuditPath,
  NODE_BYTES,
  type AuditStep,
  type MerkleTree,
  type SiblingSide,
} from './merkle/tree';
export {
  DEFAULT_MERKLE_VERSION,
  MERKLE_CONSTRUCTIONS,
  resolveConstruction,
  type MerkleConstruction,
} from './merkle/registry';
export { seqOutputCandidates } from './merkle/seq-output-v1';
export { MERKLE_RULES } from './merkle-check';
export { MEMBER_RULES } from './members';
export { STEP_RULES } from './steps';
export { TIME_RULES } from './timing';
export { LINKAGE_RULES } from './linkage';
