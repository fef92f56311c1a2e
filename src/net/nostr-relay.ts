/**
 * Fetching a Nostr event by id from relays (NIP-01), for the opt-in online check of a receipt's
 * Nostr anchor. Browser code using the global WebSocket; tests and Node pass `WebSocketImpl`
 * (e.g. the `ws` package). Nothing here is trusted: every event that comes back is handed to the
 * caller as text to be verified locally by the core, marked as the relay's answer (fromRelay).
 * `found` is only an event whose id and signature verify and whose id is the one asked for, so a
 * relay answering with a forged event can neither hide the real one nor stand in for it: its
 * answer is reported as that relay's misbehaviour (unavailable), never as the record's failure.
 */
import {
  RELAY_EVENT_MAX_DEPTH,
  RELAY_MAX_EVENTS,
  RELAY_MESSAGE_MAX_CHARS,
  RELAY_TIMEOUT_MS,
  RELAY_URL,
  type InputDocument,
} from '../core';

/** The part of the WebSocket interface used here; the browser's and `ws`'s both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  // Handlers are assigned, never called here, so their event types can stay open.
  onopen: ((event: never) => void) | null;
  onmessage: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
  onclose: ((event: never) => void) | null;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** `not-verified`: the relay sent something for this id that is not the event, verified. */
export type RelayOutcome = 'found' | 'not-verified' | 'not-found' | 'error' | 'timeout';

export interface RelayResult {
  relay: string;
  outcome: RelayOutcome;
  detail: string;
}

/** One event text a relay sent for the id asked for. */
export interface RelayAnswerText {
  relay: string;
  text: string;
  /** Its NIP-01 id and BIP-340 signature verify, and its id is the one asked for. */
  verifies: boolean;
}

export interface FetchNostrEventResult {
  /** JSON text of an event that verifies locally, when some relay sent one; never another. */
  found: string | undefined;
  /** Every distinct event text each relay sent for this id (a relay may send a forged one). */
  answers: RelayAnswerText[];
  perRelay: RelayResult[];
}

export interface FetchNostrEventOptions {
  /** Per relay, from opening the connection to EOSE. Default RELAY_TIMEOUT_MS. */
  timeoutMs?: number;
  /** WebSocket constructor; defaults to the global one (absent in Node 20). */
  WebSocketImpl?: WebSocketConstructor;
}

const OPEN = 1;
const EVENT_ID = /^[0-9a-f]{64}$/;

export async function fetchNostrEvent(
  relays: string[],
  eventId: string,
  options: FetchNostrEventOptions = {},
): Promise<FetchNostrEventResult> {
  const timeoutMs = options.timeoutMs ?? RELAY_TIMEOUT_MS;
  const Impl =
    options.WebSocketImpl ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  const fail = (detail: string): FetchNostrEventResult => ({
    found: undefined,
    answers: [],
    perRelay: relays.map((relay) => ({ relay, outcome: 'error', detail })),
  });
  if (!EVENT_ID.test(eventId)) return fail('the event id is not 64 lowercase hex characters');
  if (!Impl) return fail('no WebSocket implementation is available in this environment');

  const answers = await Promise.all(
    relays.map((relay) =>
      RELAY_URL.test(relay)
        ? queryRelay(relay, eventId, Impl, timeoutMs)
        : Promise.resolve({
            relay,
            outcome: 'error' as const,
            detail: 'not a ws:// or wss:// URL',
            events: [],
          }),
    ),
  );
  const verified = await verifiedCandidates(
    [...new Set(answers.flatMap((a) => a.events))],
    eventId,
  );
  const perRelay = answers.map(({ relay, outcome, detail, events }): RelayResult => {
    if (outcome !== 'found') return { relay, outcome, detail };
    return events.some((e) => verified.has(e))
      ? { relay, outcome, detail: `${detail}; id and signature verify locally` }
      : {
          relay,
          outcome: 'not-verified',
          detail: `${detail}, but it does NOT verify locally (a forged or altered event): the relay's misbehaviour, not evidence about the record`,
        };
  });
  const texts = answers.flatMap(({ relay, events }) =>
    [...new Set(events)].map((text) => ({ relay, text, verifies: verified.has(text) })),
  );
  return { found: texts.find((a) => a.verifies)?.text, answers: texts, perRelay };
}

/**
 * The documents a lookup adds to the verification, each marked as the answer of the relay that
 * sent it: the event that verifies when one came back (once), otherwise every answer, so that
 * the report names each relay that answered with something else.
 */
export function relayAnswerDocuments(
  result: FetchNostrEventResult,
  eventId: string,
): InputDocument[] {
  const good = result.answers.find((a) => a.verifies);
  return (good ? [good] : result.answers).map(({ relay, text }) => ({
    name: `event from ${relay}`,
    text,
    fromRelay: { relay, eventId },
  }));
}

/** Candidates whose NIP-01 id and BIP-340 signature verify and whose id is the one asked for. */
async function verifiedCandidates(candidates: string[], eventId: string): Promise<Set<string>> {
  const good = new Set<string>();
  if (candidates.length === 0) return good;
  // Hashing (WASM) and secp256k1 load only when a lookup asks for them: the page does not carry
  // them on landing (the Worker has its own copy for verifying).
  const { loadHashing, loadSchnorrVerifier, checkEventIntegrity, readNostrEvent, parseJson } =
    await import('./lookup-checks');
  const hashing = await loadHashing();
  await loadSchnorrVerifier();
  for (const text of candidates) {
    try {
      const read = readNostrEvent(parseJson(text, { maxDepth: RELAY_EVENT_MAX_DEPTH }).root);
      if (!read.ok || read.event.id !== eventId) continue;
      const integrity = checkEventIntegrity(read.event, hashing);
      if (integrity.idMatches && integrity.signatureValid) good.add(text);
    } catch {
      // Unparseable text is simply not a verified candidate.
    }
  }
  return good;
}

interface RelayAnswer extends RelayResult {
  events: string[];
}

function queryRelay(
  relay: string,
  eventId: string,
  Impl: WebSocketConstructor,
  timeoutMs: number,
): Promise<RelayAnswer> {
  return new Promise((resolve) => {
    const subscription = `aer1-${randomHex(6)}`;
    const events: string[] = [];
    const notices: string[] = [];
    let socket: WebSocketLike | undefined;
    let settled = false;

    const finish = (outcome: RelayOutcome, detail: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (socket) {
        try {
          if (socket.readyState === OPEN) socket.send(JSON.stringify(['CLOSE', subscription]));
          socket.close();
        } catch {
          // Closing a socket that never opened may throw; nothing to clean up then.
        }
      }
      const noticeText = notices.length ? ` (relay notices: ${notices.join('; ')})` : '';
      resolve({ relay, outcome, detail: detail + noticeText, events });
    };
    const timer = setTimeout(
      () =>
        finish(
          events.length ? 'found' : 'timeout',
          events.length
            ? `event received; no EOSE within ${timeoutMs} ms`
            : `no answer within ${timeoutMs} ms`,
        ),
      timeoutMs,
    );

    try {
      socket = new Impl(relay);
    } catch (error) {
      finish('error', `cannot open a connection: ${(error as Error).message}`);
      return;
    }
    const open = socket;
    open.onopen = () => {
      open.send(JSON.stringify(['REQ', subscription, { ids: [eventId] }]));
    };
    open.onmessage = (event: { data: unknown }) => {
      const text = messageText(event.data);
      if (text === undefined || text.length > RELAY_MESSAGE_MAX_CHARS) return;
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      if (!Array.isArray(message)) return;
      const [type, sub, payload] = message as unknown[];
      if (type === 'NOTICE') {
        notices.push(String(sub).slice(0, 200));
      } else if (sub !== subscription) {
        return;
      } else if (type === 'EVENT') {
        // Relays may send events that do not match the filter; keep only the id asked for.
        if (isRecord(payload) && payload.id === eventId && events.length < RELAY_MAX_EVENTS)
          events.push(JSON.stringify(payload));
      } else if (type === 'EOSE') {
        finish(
          events.length ? 'found' : 'not-found',
          events.length ? 'event received' : 'the relay does not have this event',
        );
      } else if (type === 'CLOSED') {
        finish(
          events.length ? 'found' : 'error',
          `the relay closed the subscription: ${String(payload ?? '').slice(0, 200)}`,
        );
      }
    };
    open.onerror = () => finish(events.length ? 'found' : 'error', 'connection error');
    open.onclose = () =>
      finish(events.length ? 'found' : 'error', 'the connection closed before EOSE');
  });
}

function messageText(data: unknown): string | undefined {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  if (ArrayBuffer.isView(data))
    return new TextDecoder().decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return Array.from(buffer, (b) => b.toString(16).padStart(2, '0')).join('');
}
