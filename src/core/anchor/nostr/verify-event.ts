/**
 * Recording the checks of one Nostr event, shared by the receipt's Nostr anchor, supplied events
 * checked against any anchored values, and an event verified on its own.
 */
import type { Place } from '../../checks';
import type { Hashing } from '../../hash/sha256';
import { member, type JsonValue } from '../../json/ast';
import type { CheckStatus, Dimension } from '../../model/report';
import type { AnchorRecorder } from '../details';
import {
  findEnvelopeContradiction,
  findEventBinding,
  type BindingTarget,
  type EnvelopeRecord,
  type EventBinding,
} from './binding';
import { unixToIso } from '../formats';
import { checkEventIntegrity, readNostrEvent, type NostrEvent } from './event';
import { NOSTR_RULES } from './rules';
import { SIGNATURE_MEANING } from '../../limits';

export { SIGNATURE_MEANING };

/**
 * Reads the event, recording each NIP-01 shape problem as a failure, or as information where an
 * event that binds nothing of the record would be (`problemStatus`: an event supplied with a
 * workflow and its steps may be about any of them).
 */
export function readEventRecording(
  node: JsonValue,
  rec: AnchorRecorder,
  placeOf: (node: JsonValue) => Place,
  dimension: Dimension,
  problemStatus: 'fail' | 'info' = 'fail',
): NostrEvent | undefined {
  const read = readNostrEvent(node);
  if (read.ok) return read.event;
  for (const problem of read.problems) {
    rec.record(problemStatus, NOSTR_RULES.eventShape, 'event shape', {
      params: { problem: problem.message },
      dimension,
      place: placeOf(problem.node),
    });
  }
  return undefined;
}

export interface IntegrityOptions {
  idDimension: Dimension;
  signatureDimension: Dimension;
  /** False when the event binds nothing of this record: results are shown as information. */
  counts: boolean;
  /** Where the event's member is: each check is placed at the member it reads. */
  placeOf: (member: 'id' | 'sig' | 'created_at') => Place;
}

/** An event's members placed as nodes of `event` (the event object), or `event` itself. */
export function eventMemberPlaces(
  event: JsonValue,
  placeOf: (node: JsonValue) => Place = (node) => node,
): IntegrityOptions['placeOf'] {
  return (name) => placeOf((event.type === 'object' ? member(event, name) : undefined) ?? event);
}

/** Records the id recomputation and the BIP-340 signature; returns whether both hold. */
export function recordEventIntegrity(
  event: NostrEvent,
  hashing: Hashing,
  rec: AnchorRecorder,
  options: IntegrityOptions,
): boolean {
  const integrity = checkEventIntegrity(event, hashing);
  const status = (ok: boolean): CheckStatus => (!options.counts ? 'info' : ok ? 'pass' : 'fail');
  rec.record(status(integrity.idMatches), NOSTR_RULES.eventId, 'event id', {
    params: { agreement: integrity.idMatches ? 'equals' : 'does not match' },
    dimension: options.idDimension,
    place: options.placeOf('id'),
    expected: integrity.computedId,
    found: event.id,
    detail: integrity.idMatches
      ? `sha256 of [0,pubkey,created_at,kind,tags,content] serialised with ${integrity.idForm ?? 'JSON.stringify'}.`
      : 'The event was changed after its id was computed (content, tags, kind, created_at or pubkey), or the id was edited.',
  });
  rec.record(status(integrity.signatureValid), NOSTR_RULES.eventSignature, 'signature', {
    params: {
      pubkey: event.pubkey,
      finding: integrity.signatureValid
        ? `is a valid BIP-340 signature by pubkey ${event.pubkey}`
        : 'does not verify',
    },
    dimension: options.signatureDimension,
    place: options.placeOf('sig'),
    detail: integrity.signatureValid
      ? SIGNATURE_MEANING
      : `${integrity.signatureProblem ?? ''}. A Nostr event whose signature fails was not published by that key in this form.`,
  });
  const time = unixToIso(event.created_at);
  if (time)
    rec.record('info', NOSTR_RULES.eventCreatedAt, 'created_at', {
      params: { time },
      dimension: options.signatureDimension,
      place: options.placeOf('created_at'),
      detail: "The time is the signer's claim; relays do not certify it.",
    });
  return integrity.idMatches && integrity.signatureValid;
}

/**
 * Records whether the event carries any target, and (given the receipt it is checked for)
 * whether its content is an anchor envelope for another receipt: counter-evidence that fails
 * it whatever else it carries. Returns the binding found, none when contradicted.
 */
export function recordEventBinding(
  event: NostrEvent,
  targets: BindingTarget[],
  rec: AnchorRecorder,
  options: {
    unmatched: CheckStatus;
    place: Place;
    dimension?: Dimension;
    receipt?: EnvelopeRecord;
  },
): EventBinding | undefined {
  const binding = findEventBinding(event, targets);
  const extras = {
    place: options.place,
    ...(options.dimension ? { dimension: options.dimension } : {}),
  };
  if (!binding) {
    rec.record(options.unmatched, NOSTR_RULES.eventBinding, 'binding', {
      ...extras,
      detail: `Its content and tags carry none of: ${targets.map((t) => t.label).join(', ')}.`,
    });
  } else {
    rec.record('pass', NOSTR_RULES.eventBinding, 'binding', {
      ...extras,
      params: { where: binding.where, target: binding.target.label },
    });
    if (!binding.target.commitsToBytes)
      rec.record('warning', NOSTR_RULES.eventBindingStrength, 'binding strength', {
        ...extras,
        params: { target: binding.target.label },
        detail:
          'An identifier does not commit to the bytes: the event would name a changed record just the same.',
      });
  }
  const contradiction = options.receipt
    ? findEnvelopeContradiction(event, options.receipt)
    : undefined;
  if (contradiction) {
    rec.record('fail', NOSTR_RULES.eventContradiction, 'counter-evidence', {
      ...extras,
      params: { contradiction },
    });
    return undefined;
  }
  return binding;
}
