import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { run } from '../cli/main';
import type {
  CliJsonReport,
  DocumentKind as CoreDocumentKind,
  InputDocument as CoreInputDocument,
  ProfileId as CoreProfileId,
} from '../core';
import {
  REPORT_VERSION,
  verdictUnderProfile,
  verify,
  verifyAll,
  type DocumentKind,
  type InputDocument,
  type ProfileId,
  type Report,
} from './index';

const sample = (name: string) => readFileSync(`src/ui/samples/${name}`, 'utf8');
const valid = sample('valid-receipt.json');
const tampered = sample('tampered-receipt.json');
const anchored = sample('nostr-anchored-receipt.json');
const event = sample('nostr-anchor-event.json');

describe('the package entry', () => {
  it('declares the same report as the core writes, and the same kinds and profiles', () => {
    expectTypeOf<CliJsonReport>().toEqualTypeOf<Report>();
    expectTypeOf<CoreDocumentKind>().toEqualTypeOf<DocumentKind>();
    expectTypeOf<CoreProfileId>().toEqualTypeOf<ProfileId>();
    expectTypeOf<InputDocument>().toExtend<CoreInputDocument>();
  });

  it('gives the report `aer1-verify --json` prints for the same file', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'aer1-package-')), 'receipt.json');
    writeFileSync(path, tampered);
    let stdout = '';
    await run(
      ['--json', path],
      (s) => (stdout += s + '\n'),
      () => undefined,
    );
    const [fromCli] = JSON.parse(stdout) as Report[];
    expect(await verify({ name: path, text: tampered })).toEqual(fromCli);
  });

  it('verifies text and bytes alike, naming what was not named', async () => {
    const fromText = await verify(valid);
    expect(fromText).toMatchObject({
      report_version: REPORT_VERSION,
      file: 'document',
      kind: 'receipt',
      verdict: 'verified',
    });
    expect(await verify(new TextEncoder().encode(valid))).toEqual(fromText);
    expect(await verify({ name: 'r.json', bytes: new TextEncoder().encode(valid) })).toEqual({
      ...fromText,
      file: 'r.json',
    });
  });

  it('refuses what is no document with a message saying what one is', async () => {
    const message = /a document is a string, a Uint8Array or \{ name, text \}/;
    await expect(verify(undefined as unknown as string)).rejects.toThrow(message);
    await expect(verify({ text: valid } as unknown as InputDocument)).rejects.toThrow(message);
    await expect(verifyAll([valid], { supplied: [42 as unknown as string] })).rejects.toThrow(
      message,
    );
    // A name alone is no document either (it is not an empty one).
    await expect(verify({ name: 'r.json' })).rejects.toThrow(/an object without a text or bytes/);
    const notList = /is an array of documents; got/;
    await expect(verifyAll(undefined as unknown as string[])).rejects.toThrow(notList);
    await expect(verify(valid, { supplied: 'x' as unknown as string[] })).rejects.toThrow(notList);
  });

  it('refuses a time that is not a number of milliseconds rather than pass a clock check with it', async () => {
    const future = valid.replace('"2026-', '"2099-');
    await expect(verify(future, { now: Number.NaN })).rejects.toThrow(
      /now is a finite number of milliseconds; got NaN/,
    );
    await expect(verify(future, { now: 'yesterday' as unknown as number })).rejects.toThrow(
      TypeError,
    );
    await expect(verifyAll([future], { maxAgeMs: Infinity })).rejects.toThrow(/maxAgeMs/);
    await expect(verify(future, { maxFutureMs: -1 })).rejects.toThrow(RangeError);
    // A real time still judges it.
    const report = await verify(future, { now: Date.parse('2026-12-01T00:00:00Z') });
    expect(report.checks.find((c) => c.rule === 'receipt.created_at.future')?.status).toBe(
      'warning',
    );
  });

  it('fails a tampered receipt at the place, and a document that is not JSON without throwing', async () => {
    const report = await verify(tampered);
    expect(report.verdict).toBe('failed');
    expect(report.dimensions.byte_integrity.status).toBe('fail');
    expect(report.checks.find((c) => c.rule === 'receipt.output_hash.match')).toMatchObject({
      status: 'fail',
      path: '/output_hash',
      line: 12,
      column: 18,
    });
    const notJson = await verify('{ "id": ,');
    expect(notJson.verdict).toBe('failed');
    expect(notJson.checks[0]?.rule).toBe('json.syntax');
  });

  it('uses supplied documents: a Nostr event verifies the anchor', async () => {
    const alone = await verify(anchored);
    expect(alone.dimensions.anchor_verification.status).toBe('unavailable');
    const withEvent = await verify(anchored, { supplied: [event] });
    expect(withEvent.dimensions.anchor_verification.status).toBe('pass');
  });

  it('groups a drop by default, or gives one report per document', async () => {
    const grouped = await verifyAll([anchored, event]);
    expect(grouped.reports).toHaveLength(1);
    expect(grouped.reports[0]?.dimensions.anchor_verification.status).toBe('pass');
    expect(grouped.unplaced).toEqual([]);
    const apart = await verifyAll([valid, tampered], { group: false });
    expect(apart.reports.map((r) => [r.file, r.verdict])).toEqual([
      ['document-1', 'verified'],
      ['document-2', 'failed'],
    ]);
    // Grouped, the records are reported in the order they came, a workflow after a receipt too.
    const workflow = sample('workflow.json');
    const inOrder = await verifyAll([
      { name: 'r.json', text: valid },
      { name: 'w.json', text: workflow },
    ]);
    expect(inOrder.reports.map((r) => r.file)).toEqual(['r.json', 'w.json']);
    const supplied = await verifyAll([anchored], { group: false, supplied: [event] });
    expect(supplied.reports[0]?.dimensions.anchor_verification.status).toBe('pass');
  });

  it('says which documents went with no record', async () => {
    const { reports, unplaced } = await verifyAll([valid, tampered, event]);
    expect(reports).toHaveLength(2);
    expect(unplaced).toEqual([
      { name: 'document-3', kind: 'nostr-event', reason: expect.any(String) as string },
    ]);
    // Supplied to each document on its own, a record none of them can use is listed too.
    const apart = await verifyAll([anchored], { group: false, supplied: [event, tampered] });
    expect(apart.unplaced).toEqual([
      { name: 'supplied-2', kind: 'receipt', reason: expect.any(String) as string },
    ]);
  });

  it('applies the consumer policy under every profile, never to the core verdict', async () => {
    const created = Date.parse(JSON.parse(valid).created_at as string);
    const report = await verify(valid, { now: created - 3_600_000, maxFutureMs: 60_000 });
    expect(report.verdict).toBe('verified');
    expect(verdictUnderProfile(report, 'core')).toBe('failed');
    expect(verdictUnderProfile(await verify(valid, { now: created }), 'strict')).toBe('verified');
  });
});
