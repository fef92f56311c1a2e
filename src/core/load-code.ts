/**
 * Before the synchronous rules run, load the code only some documents need: the anchor code
 * (anchor/prepare.ts) and the verifiers of the kinds that load on demand (kinds/kind.ts,
 * verifierOnDemand) for the kinds that arrived. A container's members are detected only as
 * they are verified, so a container loads every kind's verifier.
 */
import { anchorCodeLoads } from './anchor/prepare';
import type { DetectedDocument } from './model/document';
import { KINDS } from './kinds/registry';
import type { DocumentKind } from './model/report';

const ON_DEMAND = Object.values(KINDS).filter((descriptor) => descriptor.code);

/**
 * Loads what `docs` may need; undefined when everything is loaded already. Called for every
 * JSON Lines record, so nothing is made when there is nothing to load: no promise to await,
 * and plain loops rather than a closure per kind.
 */
export function loadCodeFor(docs: readonly DetectedDocument[]): Promise<unknown> | undefined {
  let loads = anchorCodeLoads(docs);
  for (const descriptor of ON_DEMAND) {
    const code = descriptor.code!;
    if (!code.loaded() && mayMeet(docs, descriptor.kind)) (loads ??= []).push(code.load());
  }
  return loads && Promise.all(loads);
}

/** A container's members, or the documents a vector set describes, may be of any kind. */
function holdsOthers(kind: DocumentKind): boolean {
  const descriptor = KINDS[kind];
  return descriptor.members !== undefined || descriptor.holdsDocuments === true;
}

/** Whether verifying `docs` may meet a document of `kind`: one is, or a container may hold one. */
function mayMeet(docs: readonly DetectedDocument[], kind: DocumentKind): boolean {
  for (const doc of docs)
    if (doc.kind === kind || (holdsOthers(doc.kind) && !doc.parseError)) return true;
  return false;
}
