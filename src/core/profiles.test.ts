/**
 * Profiles side by side (profiles.ts): each profile passes and fails on its own line, and no
 * profile but core ever decides the verdict or a dimension.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { vectorCases } from '../../test/support/vector-files';
import { verify } from './verify';
import { verdictUnderProfile } from './profiles';
import { PROFILE_IDS, type ProfileId, type ProfileStatus } from './model/report';
import type { Report } from './model/report';
import { toCliJson, toTextLines } from './report-format';

const NOW = Date.parse('2026-11-29T00:00:00Z');
const PAYLOAD =
  '{"tool":"live_price","inputs":{"pair":"BTC/USD"},"outputs":{"price_usd":97412.55},"ms":108}';
const BASE = {
  id: 'b6c63ac5-f324-4fa7-ad58-c4bf83faa86a',
  receipt_schema_version: '0.3',
  created_at: '2026-09-27T09:00:00.000Z',
  tool: { name: 'live_price', version: '4.0.0', scope: 'public' },
  provenance_class: 'EXECUTED BY ZAMBO',
  canonical_bytes: Buffer.from(PAYLOAD).toString('base64'),
  output_hash: 'sha256:c2258bdf9c34813a70166bc0e2d79b167f22f51a0adb67e218b5c868b911dca7',
  verification_status: 'verified',
};

function withPayload(payload: string): Record<string, unknown> {
  const bytes = Buffer.from(payload);
  // node:crypto is fine in a test (the core itself never imports Node built-ins).
  const hash = createHash('sha256').update(bytes).digest('hex');
  return { ...BASE, canonical_bytes: bytes.toString('base64'), output_hash: `sha256:${hash}` };
}

async function run(doc: unknown, options = {}): Promise<Report> {
  return verify({ name: 'r.json', text: JSON.stringify(doc) }, [], { now: NOW, ...options });
}

function line(report: Report, id: ProfileId): string | undefined {
  return report.profiles?.find((p) => p.id === id)?.status;
}

describe('profiles', () => {
  it('the §2.5 receipt passes core, strict and reference producer; the others do not apply', async () => {
    const report = await run(BASE);
    expect(report.profiles?.map((p) => [p.id, p.status])).toEqual([
      ['core', 'pass'],
      ['strict', 'pass'],
      ['reference-producer', 'pass'],
      ['disinterested', 'not_applicable'],
      ['consumer-policy', 'not_applicable'],
    ]);
  });

  it('strict fails on a UUID v3 id and version "0.2" with the reference messages; core still passes', async () => {
    const report = await run({
      ...BASE,
      id: 'b6c63ac5-f324-3fa7-ad58-c4bf83faa86a',
      receipt_schema_version: '0.2',
    });
    expect(report.verdict).toBe('verified');
    expect(report.dimensions.schema_validity.status).toBe('pass');
    const strict = report.profiles?.find((p) => p.id === 'strict');
    expect(strict?.status).toBe('fail');
    expect(strict?.reasons.map((r) => r.message)).toEqual([
      'id is not a lowercase UUID v4',
      'receipt_schema_version is not a published version: 0.3 or 0.4',
    ]);
    expect(verdictUnderProfile(report, 'core')).toBe('verified');
    expect(verdictUnderProfile(report, 'strict')).toBe('failed');
  });

  it('reference producer fails on a payload that is a JSON string, passes on an object with inputs', async () => {
    const bad = await run(withPayload('"just text"'));
    expect(bad.verdict).toBe('verified');
    expect(line(bad, 'reference-producer')).toBe('fail');
    expect(verdictUnderProfile(bad, 'reference-producer')).toBe('failed');
    const good = await run(withPayload('{"tool":"t","inputs":{},"outputs":{}}'));
    expect(line(good, 'reference-producer')).toBe('pass');
    expect(verdictUnderProfile(good, 'reference-producer')).toBe('verified');
  });

  it('consumer policy is off by default, and when set fails a future receipt without touching core', async () => {
    const future = { ...BASE, created_at: '2029-12-01T00:00:00Z' };
    const off = await run(future);
    expect(off.verdict).toBe('verified');
    expect(line(off, 'consumer-policy')).toBe('not_applicable');
    const warning = off.checks.find((c) => c.rule === 'receipt.created_at.future');
    expect(warning).toMatchObject({
      status: 'warning',
      message: "created_at is 3 years after this device's clock",
    });

    const on = await run(future, { maxFutureMs: 5 * 60_000 });
    expect(on.verdict).toBe('verified');
    expect(line(on, 'consumer-policy')).toBe('fail');
    expect(verdictUnderProfile(on, 'core')).toBe('failed');

    const fresh = await run(BASE, { maxFutureMs: 60_000, maxAgeMs: 365 * 86_400_000 });
    expect(line(fresh, 'consumer-policy')).toBe('pass');
    const stale = await run(BASE, { maxAgeMs: 86_400_000 });
    expect(line(stale, 'consumer-policy')).toBe('fail');
  });

  it('disinterested tier: a log anchor with an impossible date fails its line and the anchor', async () => {
    const anchor = {
      log: 'https://alice.btc.calendar.opentimestamps.org',
      leaf_hash: BASE.output_hash,
      anchored_at: '2026-02-30T12:00:00Z',
      proof: {},
    };
    const bad = await run({ ...BASE, anchor });
    expect(line(bad, 'disinterested')).toBe('fail');
    expect(bad.profiles?.find((p) => p.id === 'disinterested')?.reasons[0]?.message).toBe(
      'anchor.anchored_at is not a valid calendar date/time',
    );
    const good = await run({ ...BASE, anchor: { ...anchor, anchored_at: '2026-09-27T09:00:03Z' } });
    // The proof object has no published layout: the tier is incomplete, never passed or failed.
    expect(line(good, 'disinterested')).toBe('incomplete');
    expect(verdictUnderProfile(good, 'disinterested')).toBe('incomplete');
  });

  it('a batch shows the worst line of its members', async () => {
    const text = [BASE, { ...BASE, receipt_schema_version: '0.2' }]
      .map((r) => JSON.stringify(r))
      .join('\n');
    const report = await verify({ name: 'b.jsonl', text }, [], { now: NOW });
    expect(report.kind).toBe('batch');
    expect(line(report, 'core')).toBe('pass');
    expect(line(report, 'strict')).toBe('fail');
  });

  it('a stricter line is never better than core: a tampered receipt fails strict, "core fails"', async () => {
    const tampered = { ...BASE, output_hash: `sha256:${'0'.repeat(64)}` };
    const report = await run(tampered);
    expect(report.verdict).toBe('failed');
    const strict = report.profiles?.find((p) => p.id === 'strict');
    expect(strict).toMatchObject({ status: 'fail', ownChecks: 'pass', reasons: [] });
    expect(line(report, 'reference-producer')).toBe('fail');
    // The CLI's text and JSON say it the same way.
    expect(toTextLines(report).join('\n')).toMatch(
      /profile strict +fail \(core fails; its own checks pass\)/,
    );
    expect(toCliJson(report).profiles?.find((p) => p.id === 'strict')).toMatchObject({
      status: 'fail',
      own_checks: 'pass',
    });
    // Its own failures still name themselves.
    const both = await run({ ...tampered, receipt_schema_version: '0.2' });
    expect(both.profiles?.find((p) => p.id === 'strict')).toMatchObject({
      status: 'fail',
      ownChecks: 'fail',
      reasons: [{ rule: 'profile.strict.receipt_schema_version' }],
    });
  });

  it('strict fails closed: an id or version core fails is not read as its own checks passing', async () => {
    const noId: Partial<typeof BASE> = { ...BASE };
    delete noId.id;
    for (const doc of [
      { ...BASE, id: 'receipt-42' },
      { ...BASE, id: 42 },
      noId,
      { ...BASE, receipt_schema_version: 0.3 },
      { ...BASE, receipt_schema_version: '' },
    ]) {
      const report = await run(doc);
      expect(report.verdict).toBe('failed');
      const strict = report.profiles?.find((p) => p.id === 'strict');
      expect(strict, JSON.stringify(doc)).toMatchObject({ status: 'fail', ownChecks: 'fail' });
      expect(strict?.reasons).toHaveLength(1);
      expect(toTextLines(report).join('\n')).not.toMatch(/profile strict .*its own checks pass/);
    }
  });

  it('no profile line reads better than core, on any receipt vector', async () => {
    const rank: Record<ProfileStatus, number> = {
      fail: 0,
      incomplete: 1,
      pass: 2,
      not_applicable: 3,
    };
    let failedVectors = 0;
    for (const { name, document } of vectorCases().filter((v) => v.suite === 'receipt')) {
      const report = await verify(document, [], { now: NOW });
      const core = report.profiles?.find((p) => p.id === 'core')?.status ?? 'pass';
      if (core === 'fail') failedVectors++;
      for (const p of report.profiles ?? [])
        if (p.status !== 'not_applicable')
          expect(rank[p.status], `${name}: ${p.id}`).toBeLessThanOrEqual(rank[core]);
    }
    expect(failedVectors).toBeGreaterThan(20);
  });

  it('a batch line keeps the member reasons of its own checks, and never reads better than core', async () => {
    const text = [
      { ...BASE, output_hash: `sha256:${'0'.repeat(64)}` },
      { ...BASE, receipt_schema_version: '0.2' },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n');
    const report = await verify({ name: 'b.jsonl', text }, [], { now: NOW });
    expect(report.verdict).toBe('failed');
    const strict = report.profiles?.find((p) => p.id === 'strict');
    expect(strict).toMatchObject({ status: 'fail', ownChecks: 'fail' });
    expect(strict?.reasons.map((r) => r.message)).toEqual([
      'b.jsonl line record 2: receipt_schema_version is not a published version: 0.3 or 0.4',
    ]);
    const referenceProducer = report.profiles?.find((p) => p.id === 'reference-producer');
    expect(referenceProducer).toMatchObject({ status: 'fail', ownChecks: 'pass' });
    for (const id of PROFILE_IDS) expect(verdictUnderProfile(report, id)).toBe('failed');
  });
});
