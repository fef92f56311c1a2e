/**
 * A batch's report from its members, added one at a time: the one summariser for a batch
 * verified whole (verify.ts) and for a JSON Lines file the app streams record by record
 * (src/worker/stream-batch.ts), so the same members give the same report on either path.
 *
 * A batch lists every member while it has at most BATCH_LISTED_MEMBERS; past that it lists only
 * the members not verified, up to BATCH_MEMBER_FAILURE_CAP per rule they break, and counts the
 * rest, so work and memory stay bounded per member whatever the batch's length. How many
 * members a stream holds is known only at its end: the first BATCH_LISTED_MEMBERS are kept as
 * they come, and replayed through the cap when one more arrives.
 */
import { BATCH_LISTED_MEMBERS, BATCH_MEMBER_FAILURE_CAP } from './bounds';
import { CheckList, expandReport, type Place } from './checks';
import type { SourceText } from './json/position';
import { DOCUMENT_RULES } from './document-rules';
import { STANDING_LIMITS } from './limits';
import { MemberTally } from './member-tally';
import type {
  CheckStatus,
  DetailsBase,
  Dimension,
  DocumentKind,
  ProfileResult,
  Report,
  Verdict,
} from './model/report';
import { combineProfiles, withCore } from './profiles';
import { buildReport } from './report';
import { moreFindingsMessage, type TallyUnit } from './rules/tally';

const MEMBER_UNIT: TallyUnit = { one: 'member', many: 'members' };

/** A rule a member did not pass: what the summary counts it under. */
export interface NotableRule {
  rule: string;
  status: CheckStatus;
  dimension: Dimension;
}

/** What a batch keeps of a member: small, and structured-clone safe (it crosses Workers). */
export interface MemberOutcome extends Pick<Report, 'source' | 'verdict' | 'dimensions'> {
  profiles?: ProfileResult[];
  /** Whether the member is worth listing: not verified, or failing or incomplete on a profile. */
  notable: boolean;
  /** The rules it did not pass (failed or unavailable checks, failing profile reasons), once each. */
  rules: NotableRule[];
}

/** A member's outcome from its report. */
export function memberOutcome(report: Report): MemberOutcome {
  let notable = report.verdict !== 'verified';
  for (const line of report.profiles ?? [])
    if (line.status === 'fail' || line.status === 'incomplete') notable = true;
  const rules: NotableRule[] = [];
  if (notable) {
    const seen = new Set<string>();
    const count = (rule: string, status: CheckStatus, dimension: Dimension): void => {
      if (seen.has(rule)) return;
      seen.add(rule);
      rules.push({ rule, status, dimension });
    };
    for (const check of report.checks)
      if (check.status === 'fail' || check.status === 'unavailable')
        count(check.rule, check.status, check.dimension);
    for (const line of report.profiles ?? [])
      if (line.status === 'fail' || line.status === 'incomplete')
        for (const reason of line.reasons)
          count(reason.rule, line.status === 'fail' ? 'fail' : 'unavailable', 'schema_validity');
    if (seen.size === 0)
      count(
        `verdict ${report.verdict}`,
        report.verdict === 'failed' ? 'fail' : 'unavailable',
        'schema_validity',
      );
  }
  const outcome: MemberOutcome = {
    source: report.source,
    verdict: report.verdict,
    dimensions: report.dimensions,
    notable,
    rules,
  };
  if (report.profiles) outcome.profiles = report.profiles;
  return outcome;
}

interface Listed<D extends DetailsBase> {
  outcome: MemberOutcome;
  report: Report<D> | undefined;
}

export class BatchSummary<D extends DetailsBase = DetailsBase> {
  private readonly tally = new MemberTally();
  /** Listed members; while the batch is small, every member so far. */
  private listed: Listed<D>[] = [];
  /** Rule -> members not verified because of it (once the batch is past the small size). */
  private readonly byRule = new Map<
    string,
    { status: CheckStatus; dimension: Dimension; count: number }
  >();
  private capped: boolean;
  /** Whether members came with their reports (a batch verified whole): the report lists them. */
  private withReports = false;

  /**
   * `total`, when known before the first member (a batch verified whole): past the small size
   * the cap applies from the first member, so no report is kept that would not be listed.
   * Keeping the first reports until one more arrived made the collector treat every member's
   * objects as long-lived and move them out of its young generation.
   */
  constructor(total?: number) {
    this.capped = total !== undefined && total > BATCH_LISTED_MEMBERS;
  }

  get counts(): Record<Verdict, number> {
    return this.tally.counts;
  }

  /** How many members were added. */
  get checked(): number {
    return this.tally.members;
  }

  /** Adds a member, with its report when the batch report should list it (a batch verified whole). */
  add(outcome: MemberOutcome, report?: Report<D>): void {
    this.tally.add(outcome);
    if (report) this.withReports = true;
    if (!this.capped) {
      this.listed.push({ outcome, report });
      if (this.listed.length <= BATCH_LISTED_MEMBERS) return;
      // One past the small size: what was kept goes through the cap, in order.
      this.capped = true;
      const kept = this.listed;
      this.listed = [];
      for (const member of kept) this.addCapped(member);
      return;
    }
    this.addCapped({ outcome, report });
  }

  /** Listed while any rule it breaks is still under the cap; otherwise only counted. */
  private addCapped(member: Listed<D>): void {
    if (!member.outcome.notable) return;
    let listed = false;
    for (const { rule, status, dimension } of member.outcome.rules) {
      let entry = this.byRule.get(rule);
      if (!entry) this.byRule.set(rule, (entry = { status, dimension, count: 0 }));
      entry.count++;
      if (entry.count <= BATCH_MEMBER_FAILURE_CAP) listed = true;
    }
    if (listed) this.listed.push(member);
  }

  /**
   * The batch's report: its checks say how many members were verified how, and (past the small
   * size) which rules more members broke than are listed; its dimensions and profile lines are
   * the worst of the members'. `total` is how many members the batch holds (more than were
   * added when the run was cancelled).
   */
  report(fields: {
    kind: DocumentKind;
    source: string;
    total: number;
    /** The batch's text and where its checks point in it; a streamed file has neither. */
    text?: SourceText;
    place?: Place;
  }): Report<D> {
    const { total } = fields;
    const list = new CheckList(fields.text);
    const place = fields.place ?? { pointer: '' };
    const { counts, checked } = this;
    list.info(DOCUMENT_RULES.batchMembers, place, { params: { checked, total, ...counts } });
    if (this.capped) this.summarise(list, place);
    const verdict: Verdict =
      counts.failed > 0
        ? 'failed'
        : counts.incomplete > 0 || checked < total
          ? 'incomplete'
          : 'verified';
    const children = this.listed.flatMap((member) =>
      member.report ? [expandReport(member.report)] : [],
    );
    const report = buildReport<D>({
      kind: fields.kind,
      source: fields.source,
      checks: list,
      limits: [STANDING_LIMITS.hashMatch],
      chainApplies: false,
      ...(this.withReports ? { children } : {}),
    });
    const profiles = combineProfiles(
      this.listed.map((member) => member.outcome),
      verdict,
    ).map((line) =>
      line.id === 'core'
        ? line
        : {
            ...line,
            status: withCore(this.tally.profileStatus(line.id), verdict),
            ownChecks: this.tally.ownChecksStatus(line.id),
          },
    );
    return { ...report, dimensions: this.tally.dimensions(), verdict, profiles };
  }

  /** The "N more members break rule …" summaries, and how many members are not listed. */
  private summarise(list: CheckList, place: Place): void {
    for (const [rule, entry] of this.byRule)
      if (entry.count > BATCH_MEMBER_FAILURE_CAP)
        list.add(
          entry.status,
          entry.dimension,
          rule,
          moreFindingsMessage(rule, entry.count, BATCH_MEMBER_FAILURE_CAP, MEMBER_UNIT),
          place,
        );
    const unlisted = this.checked - this.listed.length;
    if (unlisted > 0)
      list.add(
        'info',
        'schema_validity',
        DOCUMENT_RULES.batchMembers.id,
        `${this.listed.length} of ${this.checked} member reports are listed: those not verified, up to ${BATCH_MEMBER_FAILURE_CAP} per rule they break; the other ${unlisted} are counted above`,
        place,
      );
  }
}
