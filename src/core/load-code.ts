/**
 * Before the synchronous rules run, load the code only some documents need: the anchor code
 * (anchor/prepare.ts) and the verifiers of the kinds that load on demand (kinds/kind.ts,
 * verifierOnDemand) for the kinds that arrived. A container's members are detected only as
 * they are verified, so a container loads every kind's verifier.
 */
import { loadAnchorCodeFor } from './anchor/prepare';
import type { DetectedDocument } from './detect';
import { KINDS } from './kinds/registry';

const ON_DEMAND = Object.values(KINDS).filter((descriptor) => descriptor.code);

export async function loadCodeFor(docs: readonly DetectedDocument[]): Promise<void> {
  // (Called for every JSON Lines record: nothing is made when there is nothing to load.)
  let loads: Promise<void>[] | undefined;
  for (const descriptor of ON_DEMAND) {
    const code = descriptor.code!;
    if (!code.loaded() && docs.some((doc) => doc.kind === descriptor.kind || isContainer(doc)))
      (loads ??= []).push(code.load());
  }
  if (loads) await Promise.all(loads);
  await loadAnchorCodeFor(docs);
}

function isContainer(doc: DetectedDocument): boolean {
  return KINDS[doc.kind].members !== undefined && !doc.parseError;
}
