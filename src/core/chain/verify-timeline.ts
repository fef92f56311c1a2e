/**
 * Job timelines (hash chains) and their commitments (spec §4): one report for a timeline
 * (a JSON array, JSON Lines, or `{timeline, commitment}`) or for a commitment document, using
 * whatever commitment or timeline the user supplied alongside.
 */
import { checkAnchorsFor } from '../anchor/check-anchors';
import { emptyAnchorDetails, type AnchorDetails } from '../anchor/details';
import { CheckList, type Place } from '../checks';
import { hexToBytes } from '../encoding/hex';
import type { VerifyContext } from '../context';
import type { DetectedDocument } from '../model/document';
import { member, pointerOf, type JsonValue } from '../json/ast';
import { buildReport } from '../report';
import { type Report } from '../model/report';
import { checkCommitmentBinding, checkCommitmentShape, newCommitmentDetails } from './commitment';
import { CHAIN_NOTES } from './rules';
import { checkTimeline } from './timeline-rules';
import type { ChainCommitmentDetails, ChainDetails } from './types';
import { CHAIN_LIMITS, STANDING_LIMITS } from '../limits';

export type { ChainCommitmentDetails, ChainDetails, ChainEntrySummary } from './types';

/** A timeline found in a document, with the check list its checks belong to. */
interface LocatedTimeline {
  doc: DetectedDocument;
  list: CheckList;
  node: JsonValue | undefined;
  where: Place;
  form?: ChainDetails['form'];
  embeddedCommitment?: JsonValue;
}

interface CommitmentSource {
  node: JsonValue;
  list: CheckList;
  origin: ChainCommitmentDetails['origin'];
  subject?: string;
}

/** An anchor whose checks all passed and that binds the final entry digest rules out truncation too. */
function anchorBindsRecord(anchors: AnchorDetails): boolean {
  return anchors.anchors.some(
    (a) =>
      a.bindsRecord && a.steps.every((step) => step.status === 'pass' || step.status === 'info'),
  );
}

export function verifyTimelineDocument(
  doc: DetectedDocument,
  ctx: VerifyContext,
  list: CheckList,
): Report<ChainDetails> {
  const auxiliary: CheckList[] = [];
  const auxiliaryList = (other: DetectedDocument): CheckList => {
    const aux = new CheckList(other.source, other.name);
    ctx.checkContents(other, aux);
    auxiliary.push(aux);
    return aux;
  };

  const commitments: CommitmentSource[] = [];
  let located: LocatedTimeline | undefined;
  const root = doc.root as JsonValue;
  if (doc.kind === 'commitment') {
    commitments.push({ node: root, list, origin: 'document' });
    const timelineDoc = pickSuppliedTimeline(ctx.supplied, root);
    if (timelineDoc) located = locateTimeline(timelineDoc, auxiliaryList(timelineDoc));
  } else {
    located = locateTimeline(doc, list);
    if (located.embeddedCommitment) {
      commitments.push({ node: located.embeddedCommitment, list, origin: 'embedded' });
    }
    for (const other of ctx.supplied) {
      if (other.kind === 'commitment' && other.root) {
        commitments.push({
          node: other.root,
          list: auxiliaryList(other),
          origin: 'supplied',
          subject: other.name,
        });
      }
    }
  }

  const details: ChainDetails = {
    type: 'chain',
    timelineSource: located ? (located.doc === doc ? 'document' : 'supplied') : 'none',
    entryCount: 0,
    entries: [],
  };
  const facts = located
    ? checkTimeline(located.node, located.where, ctx.hashing, located.list)
    : undefined;
  if (located && facts) {
    if (located.doc !== doc) details.timelineSubject = located.doc.name;
    if (located.form) details.form = located.form;
    if (located.node) details.timelinePointer = pointerOf(located.node);
    if (facts.jobId !== undefined) details.jobId = facts.jobId;
    details.entryCount = facts.entryCount;
    details.entries = facts.entries;
    if (facts.firstBrokenLink !== undefined) details.firstBrokenLink = facts.firstBrokenLink;
    if (facts.finalEntryDigest !== undefined) details.finalEntryDigest = facts.finalEntryDigest;
    if (facts.historical06) details.historical06 = facts.historical06;
  }

  const commitmentDetails: ChainCommitmentDetails[] = [];
  for (const c of commitments) {
    const cd = newCommitmentDetails(c.node, c.origin, c.subject);
    commitmentDetails.push(cd);
    const reading = checkCommitmentShape(c.node, c.list, cd);
    if (!reading) continue;
    if (located && facts) {
      checkCommitmentBinding(reading, located.node, facts, located.list, c.list, cd);
    } else {
      c.list.unavailable(CHAIN_NOTES.commitmentTimeline, c.node, {
        detail:
          'Supply the job timeline (a JSON array, JSON Lines, or {timeline, commitment}) with this commitment to check job_id, entry_count and final_entry_digest.',
      });
    }
  }
  const [first, ...others] = commitmentDetails;
  if (first) details.commitment = first;
  if (others.length > 0) details.otherCommitments = others;

  if (commitments.length === 0) {
    list.notChecked(CHAIN_NOTES.commitmentPresent, located?.node, {
      detail:
        'A commitment {job_id, final_entry_digest, entry_count, published_at} published outside the chain binds its length and last entry (§4.5).',
    });
  }
  list.notChecked(CHAIN_NOTES.issuer);
  // A supplied .ots proof or Nostr event may anchor the final entry digest (spec §5.3).
  const finalDigest =
    details.finalEntryDigest !== undefined ? hexToBytes(details.finalEntryDigest) : undefined;
  const anchors = finalDigest
    ? checkAnchorsFor(
        [
          {
            label: 'final entry digest',
            member: 'timeline.final_entry_digest',
            bytes: finalDigest,
          },
        ],
        ctx,
        list,
      )
    : emptyAnchorDetails();
  if (anchors.anchors.length > 0) details.anchors = anchors;
  else {
    list.notChecked(CHAIN_NOTES.anchor);
  }

  const limits: string[] = [STANDING_LIMITS.hashMatch];
  if (located) {
    limits.push(CHAIN_LIMITS.unkeyed);
    // An anchor of the final digest is no commitment: it does not say how long the chain was.
    limits.push(
      commitmentDetails.some((c) => c.binds)
        ? CHAIN_LIMITS.committed
        : anchorBindsRecord(anchors)
          ? CHAIN_LIMITS.anchoredHead
          : CHAIN_LIMITS.truncation,
    );
  } else {
    limits.push(CHAIN_LIMITS.commitmentAlone);
  }

  for (const aux of auxiliary) list.adopt(aux.checks);
  return buildReport({
    kind: doc.kind,
    source: doc.name,
    checks: list,
    limits,
    chainApplies: true,
    details,
  });
}

/** Where the timeline array sits: the root array (or JSON Lines), or `{timeline, commitment}`. */
function locateTimeline(doc: DetectedDocument, list: CheckList): LocatedTimeline {
  const root = doc.root;
  const located: LocatedTimeline = { doc, list, node: root, where: root };
  if (root?.type === 'object' && root.byName.has('timeline')) {
    located.node = member(root, 'timeline');
    located.form = 'object';
    if (root.byName.has('commitment')) located.embeddedCommitment = member(root, 'commitment');
  } else if (root?.type === 'array') {
    located.form = doc.jsonLines ? 'json-lines' : 'array';
  }
  return located;
}

/** The supplied timeline for a commitment: the first whose job matches, else the first. */
function pickSuppliedTimeline(
  supplied: DetectedDocument[],
  commitment: JsonValue,
): DetectedDocument | undefined {
  const timelines = supplied.filter((d) => d.kind === 'timeline' && d.root);
  const jobId = commitment.type === 'object' ? member(commitment, 'job_id') : undefined;
  const jobOf = (d: DetectedDocument): string | undefined => {
    const root = d.root;
    const array =
      root?.type === 'object'
        ? member(root, 'timeline')
        : root?.type === 'array'
          ? root
          : undefined;
    const entry = array?.type === 'array' ? array.items[0] : undefined;
    const job = entry?.type === 'object' ? member(entry, 'job_id') : undefined;
    return job?.type === 'string' ? job.value : undefined;
  };
  return (
    (jobId?.type === 'string' && timelines.find((d) => jobOf(d) === jobId.value)) || timelines[0]
  );
}
