/**
 * The OpenTimestamps proof checks (verify-ots.ts, with the replay and attestation code it
 * imports), loaded before verifying only when a document may carry a proof (../prepare.ts,
 * with SHA-1 and RIPEMD-160): most first verdicts (a plain receipt, a workflow) never need them,
 * and they were the largest part of the Worker's first chunk that such a verdict does not use.
 * Reaching checkOtsProof unloaded is a loud internal error, never a verdict, as with the hashes
 * (when it is loaded: see ../prepare.ts).
 */
import { CodeNotLoaded } from '../../code-not-loaded';
import type * as VerifyOts from './verify-ots';

let verifier: typeof VerifyOts | undefined;

export async function loadOtsVerifier(): Promise<void> {
  verifier ??= await import('./verify-ots');
}

export function otsVerifierLoaded(): boolean {
  return verifier !== undefined;
}

/** verify-ots.ts's checkOtsProof, once loaded. */
export function checkOtsProof(
  ...args: Parameters<typeof VerifyOts.checkOtsProof>
): ReturnType<typeof VerifyOts.checkOtsProof> {
  if (!verifier) throw new CodeNotLoaded('an OpenTimestamps proof', 'loadOtsVerifier');
  return verifier.checkOtsProof(...args);
}
