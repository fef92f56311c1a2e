/**
 * What the opt-in lookups check locally, loaded by `import()` when a lookup runs: hashing
 * (hash-wasm's WASM) and secp256k1 are not part of the page on landing. This module exists so
 * that the dynamic import has its own entry: importing `../core` itself dynamically would make
 * the page's light static imports of the core share one chunk with them.
 */
export {
  analyseBlockHeader,
  checkEventIntegrity,
  loadHashing,
  loadSchnorrVerifier,
  parseBlockHeaderHex,
  parseJson,
  readNostrEvent,
} from '../core';
