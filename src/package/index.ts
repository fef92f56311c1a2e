/**
 * Verify AER-1 execution receipts (IETF draft `draft-zambo-aer1`) without trusting any server:
 * documents in, JSON reports out — the same reports as `aer1-verify --json` and the web app's
 * export. Runs in Node ≥ 20.19 (ES modules), Deno and browser builds with a bundler (tested
 * with Vite), with TypeScript types; nothing is sent anywhere.
 *
 * ```sh
 * npm i aer1-verifier
 * ```
 *
 * ```ts
 * import { verify, type Check, type Report } from 'aer1-verifier';
 * const report = await verify(receiptText); // a string or the bytes, exactly as received
 * // A batch (a JSON array or JSON Lines of receipts) keeps each member's checks in `children`.
 * const failures = (r: Report): Check[] => [
 *   ...r.checks.filter((c) => c.status === 'fail'),
 *   ...(r.children ?? []).flatMap(failures),
 * ];
 * if (report.verdict !== 'verified') console.log(failures(report));
 * ```
 *
 * A report has six dimensions, each `pass`, `fail`, `not_checked` (nothing to check) or
 * `unavailable` (there but not checkable here), and a verdict: `failed` when any dimension
 * fails, `verified` when none fails and the record's own commitments pass, otherwise
 * `incomplete`, which is not a pass. A matching hash proves only that the supplied bytes agree
 * with the supplied digest: each report's `limits` says what else it does not prove.
 *
 * ## The command line
 *
 * `npx aer1-verify FILE…` prints each file's verdict; `--json` prints a JSON array of
 * {@link Report}s, `--jsonl` one report per line (checks that passed in a compact `passed`
 * member unless `--checks full`). Exit codes: 0 all verified, 1 any failed, 2 none failed but
 * some incomplete (or, with `--group`, a file placed nowhere), 64 a usage error or unreadable
 * input, 70 an internal error, 74 standard output not written (a full disk), 141 standard
 * output closed before the run finished (`| head`).
 * `npx aer1-verify --help` lists the options. A document of no AER-1 kind gets a short entry
 * in the command line's JSON (its `report_version`, `file`, `kind`, `verdict` and `checks`);
 * the library's report has every member.
 *
 * ## Versioning
 *
 * The package and the report format (`report_version`, {@link REPORT_VERSION}) follow semantic
 * versioning, each on its own.
 *
 * A **minor** version may add: new rules and checks (a document that verified may then fail or
 * be incomplete, with a new rule id saying why), new members of a report or of a check, new
 * profiles, new document kinds, new options and new exports, and so new values of `kind`,
 * `rule` and `ProfileId`. Read reports so that a member or a value you do not know is ignored,
 * never an error. The wording of `message`, `summary`, `limits`, `reasons` and `reason` may
 * change in any version: match on `rule`, `status` and `path`.
 *
 * A **major** version is needed to rename or remove a member, an export or an option; to change
 * what a member or a value means (a rule id, a dimension, a status); or to change a verdict rule
 * (how dimensions are decided from checks, or the verdict from dimensions).
 *
 * The command line's options and exit codes are versioned with the package in the same way.
 * Only what this page lists is promised: the internals behind it may change in any version.
 *
 * @packageDocumentation
 */
import {
  fileInput,
  REPORT_VERSION as CORE_REPORT_VERSION,
  toCliJson,
  verdictUnderProfile as coreVerdictUnderProfile,
  verify as coreVerify,
  verifyAll as coreVerifyAll,
  type InputDocument as CoreInputDocument,
} from '../core';
// The types' module is named with its `.js` file: the declarations emitted from this folder are
// read by Node's own module resolution (TypeScript's `nodenext`), which adds no extension.
import type {
  DocumentInput,
  ProfileId,
  Report,
  Verdict,
  Verification,
  VerifyAllOptions,
  VerifyOptions,
} from './types.js';

export type {
  Check,
  CheckStatus,
  Dimension,
  DimensionResult,
  DimensionStatus,
  DocumentInput,
  DocumentKind,
  InputDocument,
  ProfileId,
  ProfileLine,
  ProfileStatus,
  Report,
  UnplacedDocument,
  Verdict,
  Verification,
  VerifyAllOptions,
  VerifyOptions,
} from './types.js';

/** The version of the report format that this package writes, as in every `report_version`. */
export const REPORT_VERSION: string = CORE_REPORT_VERSION;

/**
 * Verifies one document, with the documents supplied with it, and resolves to its report.
 * A document that is not JSON, or of no AER-1 kind, gets a failed report saying why; the
 * promise rejects only when it is given no document at all (a `TypeError`).
 */
export async function verify(
  document: DocumentInput,
  options: VerifyOptions = {},
): Promise<Report> {
  const { supplied = [], ...rest } = checkedOptions(options);
  const report = await coreVerify(
    toInput(document, 'document'),
    listOf(supplied, 'supplied').map((d, i) => toInput(d, `supplied-${i + 1}`)),
    rest,
  );
  return toCliJson(report);
}

/**
 * Verifies documents that arrived together: grouped into records as the web app groups a
 * drop (default), or each on its own (`group: false`). One report per record.
 */
export async function verifyAll(
  documents: readonly DocumentInput[],
  options: VerifyAllOptions = {},
): Promise<Verification> {
  const { supplied = [], group = true, ...policy } = checkedOptions(options);
  const inputs = listOf(documents, 'documents').map((d, i) => toInput(d, `document-${i + 1}`));
  const others = listOf(supplied, 'supplied').map((d, i) => toInput(d, `supplied-${i + 1}`));
  const { results, unplaced } = group
    ? await coreVerifyAll([...inputs, ...others], { ...policy, group: true })
    : await coreVerifyAll(inputs, { ...policy, group: false, supplied: others });
  return {
    reports: results.map((result) => toCliJson(result.report)),
    unplaced: unplaced.map(({ name, kind, reason }) => ({ name, kind, reason })),
  };
}

/**
 * The verdict under a profile: the report's verdict, made `failed` when the profile's line
 * fails and `incomplete` when it is incomplete (what `aer1-verify --profile` exits with). A
 * consumer policy that was set (`maxFutureMs`, `maxAgeMs`) always counts.
 */
export function verdictUnderProfile(report: Report, profile: ProfileId): Verdict {
  return coreVerdictUnderProfile(report, profile);
}

/**
 * The options, refused when a time is not a number of milliseconds: a `now` of NaN (a
 * `Date.parse` of a bad string) would otherwise pass every clock check instead of stopping.
 */
function checkedOptions<T extends VerifyAllOptions | VerifyOptions>(options: T): T {
  if (typeof options !== 'object' || options === null)
    throw new TypeError(`aer1-verifier: options are an object; got ${typeName(options)}`);
  for (const name of ['now', 'maxFutureMs', 'maxAgeMs'] as const) {
    const value: unknown = options[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new TypeError(
        `aer1-verifier: ${name} is a finite number of milliseconds; got ${typeName(value)}`,
      );
    if (name !== 'now' && value < 0)
      throw new RangeError(`aer1-verifier: ${name} is not negative; got ${value}`);
  }
  return options;
}

/** `documents` or `supplied`, refused when it is not an array. */
function listOf(list: readonly DocumentInput[], name: string): readonly DocumentInput[] {
  if (!Array.isArray(list))
    throw new TypeError(`aer1-verifier: ${name} is an array of documents; got ${typeName(list)}`);
  return list;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return String(value);
  return typeof value;
}

/** A document as the core takes it: bytes read as the command line reads a file. */
function toInput(document: DocumentInput, name: string): CoreInputDocument {
  if (typeof document === 'string') return { name, text: document };
  // (ArrayBuffer.isView, not instanceof: bytes made in another realm, such as a test window.)
  if (ArrayBuffer.isView(document)) return fileInput(name, asBytes(document));
  const given = typeof document === 'object' && document !== null ? document : undefined;
  const { bytes, text } = given ?? {};
  const named = typeof given?.name === 'string';
  if (!given || !named || (typeof text !== 'string' && !ArrayBuffer.isView(bytes)))
    throw new TypeError(
      `aer1-verifier: a document is a string, a Uint8Array or { name, text } / { name, bytes }; got ${given ? `an object without ${named ? 'a text or bytes' : 'a name'}` : typeName(document)}`,
    );
  const input: CoreInputDocument = ArrayBuffer.isView(bytes)
    ? fileInput(given.name, asBytes(bytes))
    : { name: given.name, text: text as string };
  const { role } = given;
  if (role !== undefined) input.role = role;
  return input;
}

function asBytes(view: ArrayBufferView): Uint8Array {
  return view instanceof Uint8Array
    ? view
    : new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}
