/**
 * Before the synchronous rules run, load the code only some documents need (on-demand.ts): each
 * anchor type's code for the documents that may carry one of its anchors (anchor/registry.ts),
 * and the verifiers of the kinds that load on demand for the kinds that arrived (kinds/kind.ts,
 * verifierOnDemand). A container's members are detected only as they are verified, so a
 * container loads every kind's verifier.
 */
import { ANCHOR_LIST } from './anchor/registry';
import type { DetectedDocument } from './model/document';
import { KINDS, KIND_LIST } from './kinds/registry';
import type { DocumentKind } from './model/report';
import type { CodeOnDemand } from './on-demand';

/**
 * From this many text units up, every anchor type's code is loaded without scanning the text for
 * what may need it: scanning that much text costs more than loading the code once.
 */
const LOAD_WITHOUT_SCANNING = 16 * 1024 * 1024;

/** Code loaded on demand, and whether verifying `docs` (`units` text units in all) may need it. */
interface OnDemandCode {
  code: CodeOnDemand;
  mayNeed: (docs: readonly DetectedDocument[], units: number) => boolean;
}

const ON_DEMAND: readonly OnDemandCode[] = [
  ...ANCHOR_LIST.flatMap(({ code }) =>
    (code ?? []).map((one) => ({
      code: one,
      mayNeed: (docs: readonly DetectedDocument[], units: number) =>
        units >= LOAD_WITHOUT_SCANNING || docs.some(one.mayNeed),
    })),
  ),
  ...KIND_LIST.flatMap(({ code, kind }) =>
    code ? [{ code, mayNeed: (docs: readonly DetectedDocument[]) => mayMeet(docs, kind) }] : [],
  ),
];

/**
 * Loads what `docs` may need; undefined when everything is loaded already. Called for every
 * JSON Lines record, so nothing is made when there is nothing to load: no promise to await.
 */
export function loadCodeFor(docs: readonly DetectedDocument[]): Promise<unknown> | undefined {
  let units = -1;
  let loads: Promise<void>[] | undefined;
  for (const { code, mayNeed } of ON_DEMAND) {
    if (code.loaded()) continue;
    if (units < 0) {
      units = 0;
      for (const doc of docs) units += doc.source.text.length;
    }
    if (mayNeed(docs, units)) (loads ??= []).push(code.load());
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
