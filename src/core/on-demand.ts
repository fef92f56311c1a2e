/**
 * The one way the core loads code only some inputs need (secp256k1, the OpenTimestamps proof
 * checks, SHA-1 and RIPEMD-160, the workflow, timeline and vector-set verifiers, the large-payload
 * pre-pass): a dynamic import behind `onDemand`, so the bundler makes it a chunk of its own and the
 * first verdict does not carry it. What loads before the synchronous rules run is decided in one
 * place, load-code.ts, from the kind and anchor registries.
 */

/**
 * Thrown when code that loads on demand is reached before it was loaded: a bug in the caller,
 * never a verdict, so nothing is reported as checked.
 */
export class CodeNotLoaded extends Error {
  constructor(what: string, loader: string) {
    super(`internal error: ${what} was reached before ${loader}() loaded it; nothing was verified`);
    this.name = 'CodeNotLoaded';
  }
}

/** Code that is loaded only when something needs it. */
export interface CodeOnDemand {
  loaded: () => boolean;
  load: () => Promise<void>;
}

/** Code loaded on demand, and what it gives once loaded. */
export interface OnDemand<T> extends CodeOnDemand {
  /** The loaded module's value; CodeNotLoaded (naming `what` and `loader`) until it is loaded. */
  get: () => T;
}

export function onDemand<T>(what: string, loader: string, load: () => Promise<T>): OnDemand<T> {
  let value: T | undefined;
  return {
    loaded: () => value !== undefined,
    // (A failed import leaves it unloaded, so the next verification tries again.)
    load: async () => {
      value ??= await load();
    },
    get: () => {
      if (value === undefined) throw new CodeNotLoaded(what, loader);
      return value;
    },
  };
}
