import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalRelay, type LocalRelay } from '../../e2e/support/local-relay';
import { makeNostrFixture, signEvent } from '../../test/generators/make-nostr-fixture';
import { verify } from '../core';
import { fetchNostrEvent, relayAnswerDocuments } from './nostr-relay';

const fixture = makeNostrFixture();
const event = fixture.event;
const other = signEvent({ created_at: 1, kind: 1, tags: [], content: 'another event' });
const forged = { ...event, content: 'forged content, same id' };

const relays: LocalRelay[] = [];
async function relay(...args: Parameters<typeof startLocalRelay>): Promise<LocalRelay> {
  const started = await startLocalRelay(...args);
  relays.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(relays.splice(0).map((r) => r.close()));
});

const options = { timeoutMs: 1500, WebSocketImpl: WebSocket };

describe('fetchNostrEvent against a local relay', () => {
  it('sends REQ {ids:[id]}, collects the EVENT until EOSE, closes the subscription', async () => {
    const local = await relay([other, event]);
    const result = await fetchNostrEvent([local.url], event.id, options);
    expect(result.perRelay).toEqual([
      {
        relay: local.url,
        outcome: 'found',
        detail: 'event received; id and signature verify locally',
      },
    ]);
    expect(JSON.parse(result.found ?? '')).toEqual(event);
    expect(local.received[0]).toEqual([
      'REQ',
      expect.stringMatching(/^aer1-[0-9a-f]{12}$/),
      { ids: [event.id] },
    ]);
    await expect
      .poll(() => local.received[1])
      .toEqual(['CLOSE', (local.received[0] as string[])[1]]);
  });

  it('the fetched text verifies end to end as the receipt anchor event', async () => {
    const local = await relay([event]);
    const { found } = await fetchNostrEvent([local.url], event.id, options);
    const report = await verify(
      { name: 'receipt.json', text: JSON.stringify(fixture.receipt) },
      [{ name: 'fetched event', text: found ?? '' }],
      { now: Date.parse('2026-10-01T00:00:00Z') },
    );
    expect(report.dimensions.anchor_verification.status).toBe('pass');
  });

  it('reports every relay: found, not-found, timeout, error, refused, bad URL', async () => {
    const has = await relay([event]);
    const empty = await relay([other]);
    const silent = await relay([event], { behaviour: 'silent' });
    const dropping = await relay([event], { behaviour: 'drop' });
    const refusing = await relay([event], { behaviour: 'closed' });
    const gone = await startLocalRelay([]);
    await gone.close();
    const urls = [
      has.url,
      empty.url,
      silent.url,
      dropping.url,
      refusing.url,
      gone.url,
      'https://not-a-relay',
    ];
    const started = Date.now();
    const result = await fetchNostrEvent(urls, event.id, { ...options, timeoutMs: 800 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.perRelay.map((r) => r.outcome)).toEqual([
      'found',
      'not-found',
      'timeout',
      'error',
      'error',
      'error',
      'error',
    ]);
    expect(result.perRelay[1]?.detail).toBe('the relay does not have this event');
    expect(result.perRelay[2]?.detail).toBe('no answer within 800 ms');
    expect(result.perRelay[4]?.detail).toMatch(/closed the subscription: blocked/);
    expect(result.perRelay[6]?.detail).toBe('not a ws:// or wss:// URL');
    expect(result.found).toBeDefined();
  });

  it('a relay answering with a forged event cannot hide the real one', async () => {
    const liar = await relay([forged]);
    const honest = await relay([event]);
    const result = await fetchNostrEvent([liar.url, honest.url], event.id, options);
    expect(result.answers.map((a) => [a.relay, a.verifies])).toEqual([
      [liar.url, false],
      [honest.url, true],
    ]);
    expect(JSON.parse(result.found ?? '')).toEqual(event);
    expect(result.perRelay[0]).toMatchObject({
      outcome: 'not-verified',
      detail: expect.stringMatching(/does NOT verify locally/),
    });
    // Only the event that verifies is added, marked as the honest relay's answer.
    expect(relayAnswerDocuments(result, event.id)).toEqual([
      {
        name: `event from ${honest.url}`,
        text: result.found,
        fromRelay: { relay: honest.url, eventId: event.id },
      },
    ]);
  });

  it("only a forged event: the relay's misbehaviour (unavailable, naming it), never the receipt's failure", async () => {
    const liar = await relay([forged]);
    const result = await fetchNostrEvent([liar.url], event.id, options);
    expect(result.found).toBeUndefined();
    expect(result.perRelay[0]?.outcome).toBe('not-verified');
    const now = Date.parse('2026-10-01T00:00:00Z');
    const receipt = { name: 'receipt.json', text: JSON.stringify(fixture.receipt) };
    const alone = await verify(receipt, [], { now });
    expect(alone.verdict).toBe('verified');
    const report = await verify(receipt, relayAnswerDocuments(result, event.id), { now });
    expect(report.verdict).toBe('verified');
    expect(report.dimensions.anchor_verification.status).toBe('unavailable');
    expect(report.checks.filter((c) => c.status === 'fail')).toEqual([]);
    expect(report.checks).toContainEqual(
      expect.objectContaining({
        rule: 'anchor.nostr.event.relay',
        status: 'unavailable',
        message: `relay ${liar.url} answered with an event that does not verify: its id is not the NIP-01 hash of its content (the event was changed)`,
      }),
    );
    // The same event supplied by the user is theirs to answer for: it still fails.
    const supplied = await verify(
      receipt,
      [{ name: 'event.json', text: result.answers[0]!.text }],
      {
        now,
      },
    );
    expect(supplied.verdict).toBe('failed');
  });

  it('no relay has it: found is undefined', async () => {
    const empty = await relay([]);
    const result = await fetchNostrEvent([empty.url], event.id, options);
    expect(result).toEqual({
      found: undefined,
      answers: [],
      perRelay: [
        { relay: empty.url, outcome: 'not-found', detail: 'the relay does not have this event' },
      ],
    });
  });

  it('without a WebSocket implementation or with a bad id: errors, no throw', async () => {
    const missing = await fetchNostrEvent(['ws://127.0.0.1:1'], event.id, {
      WebSocketImpl: undefined,
    });
    if (!('WebSocket' in globalThis))
      expect(missing.perRelay[0]?.detail).toBe(
        'no WebSocket implementation is available in this environment',
      );
    const badId = await fetchNostrEvent(['ws://127.0.0.1:1'], 'XYZ', options);
    expect(badId.perRelay[0]).toMatchObject({
      outcome: 'error',
      detail: 'the event id is not 64 lowercase hex characters',
    });
  });
});
