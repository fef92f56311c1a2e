/**
 * What the verdict banner says and how it is toned, as one pure function: the React banner
 * (VerdictBanner.tsx) and the first verdict painted before the app loads (verify/
 * first-verdict.ts) both show exactly this, so the two can never say different things.
 */
import {
  differenceExplained,
  KIND_LABELS,
  verdictQualifier,
  verdictUnder,
  type Report,
  type VerdictSetting,
} from '../../../core';
import { warningsLine, warningsOf } from '../../selectors/headline';
import { eventHeadline, statusTone, verdictTone } from '../../selectors/verdict';
import { vectorSetHeadline } from '../../selectors/vector-set';
import { inViewWords } from '../chain/entry-numbers';

/** Input that could not be read as a record: say what it is in plain words, not "Failed". */
export function readProblem(report: Report): { headline: string; explanation: string } | undefined {
  const parseError = report.parseError;
  if (parseError)
    return {
      headline: `Not valid JSON — a problem at line ${parseError.line}, column ${parseError.column}`,
      explanation:
        'The text could not be read as JSON, so nothing in it could be checked. This says nothing about whether a record was changed: fix the text at the place shown below.',
    };
  if (report.kind === 'unknown')
    return {
      headline: 'Not an AER-1 document',
      explanation:
        'This is not a receipt, workflow, timeline, batch or anchor this verifier recognises: the check below says what it is and lists what it accepts.',
    };
  return undefined;
}

export interface VerdictBannerText {
  /** The verdict shown (under the setting) and core's own. */
  verdict: Report['verdict'];
  coreVerdict: Report['verdict'];
  /** The banner's colours. */
  className: string;
  icon: string;
  headline: string;
  /** Every warning counted beside the verdict, when there is one. */
  warnings?: string;
  kind: string;
  /** Untrusted: the input's name, shown as a value. */
  source: string;
  /** How long the check took in this browser ("3.4", "120"), when known. */
  elapsed?: string;
  explanation: string;
  /** What the verdict does not prove. */
  limits: string[];
}

export function verdictBannerText(
  report: Report,
  setting: VerdictSetting,
  elapsedMs?: number,
): VerdictBannerText {
  // The verdict under the setting this result was checked under, as the CLI's --profile decides.
  const shown = verdictUnder(report, setting);
  const tone = verdictTone(shown.verdict);
  // Not a record at all: say that, rather than "the record was changed".
  // "Could not read" is not "tampered": its own headline (the verdict value stays failed).
  const unreadable = readProblem(report);
  const set = vectorSetHeadline(report);
  return {
    verdict: shown.verdict,
    coreVerdict: shown.coreVerdict,
    className: unreadable ? statusTone('not_checked').className : tone.className,
    icon: unreadable ? '!' : tone.icon,
    headline:
      unreadable?.headline ??
      `${eventHeadline(report) ?? set?.headline ?? tone.headline}${verdictQualifier(shown)}`,
    ...optional(
      'warnings',
      warningsLine(warningsOf(report, setting.profile), (c) => inViewWords(c.rule, c.message)),
    ),
    kind: KIND_LABELS[report.kind],
    source: report.source,
    ...optional(
      'elapsed',
      elapsedMs === undefined
        ? undefined
        : elapsedMs < 10
          ? elapsedMs.toFixed(1)
          : String(Math.round(elapsedMs)),
    ),
    explanation:
      unreadable?.explanation ?? set?.explanation ?? differenceExplained(shown) ?? tone.explanation,
    limits: report.limits,
  };
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}
