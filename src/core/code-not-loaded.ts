/**
 * Thrown when code that loads on demand (load-code.ts: secp256k1, the OpenTimestamps proof
 * checks, SHA-1 and RIPEMD-160, the workflow and timeline verifiers) is reached before it was
 * loaded: a bug in the caller, never a verdict, so nothing is reported as checked.
 */
export class CodeNotLoaded extends Error {
  constructor(what: string, loader: string) {
    super(`internal error: ${what} was reached before ${loader}() loaded it; nothing was verified`);
    this.name = 'CodeNotLoaded';
  }
}
