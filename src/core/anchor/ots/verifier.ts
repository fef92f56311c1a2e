/**
 * The OpenTimestamps proof checks (verify-ots.ts, with the replay and attestation code it
 * imports), loaded before verifying only when a document may carry a proof (the ots anchor type,
 * ots-type.ts, with SHA-1 and RIPEMD-160): most first verdicts (a plain receipt, a workflow) never
 * need them. Reaching checkOtsProof unloaded is a loud internal error, never a verdict.
 */
import { onDemand } from '../../on-demand';
import type * as VerifyOts from './verify-ots';

const VERIFIER = /* @__PURE__ */ onDemand<typeof VerifyOts>(
  'an OpenTimestamps proof',
  'loadOtsVerifier',
  () => import('./verify-ots'),
);

export const loadOtsVerifier = VERIFIER.load;
export const otsVerifierLoaded = VERIFIER.loaded;

/** verify-ots.ts's checkOtsProof, once loaded. */
export function checkOtsProof(
  ...args: Parameters<typeof VerifyOts.checkOtsProof>
): ReturnType<typeof VerifyOts.checkOtsProof> {
  return VERIFIER.get().checkOtsProof(...args);
}
