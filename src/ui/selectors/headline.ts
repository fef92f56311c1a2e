/**
 * What the verdict banner says beside the verdict (the verdict under a setting is the core's:
 * core/verdict-under.ts): every warning counted.
 */
import type { Check, ProfileId, Report } from '../../core';

/**
 * Every warning of a report and of its members: those that count under the chosen profile
 * (core's, and that profile's own) first, then other profiles'. A profile's warning that says
 * what a failing check of the same record says at the same place is that failure, not another
 * finding: it is left out.
 */
export function warningsOf(report: Report, profile: ProfileId = 'core'): Check[] {
  const first: Check[] = [];
  const then: Check[] = [];
  const visit = (r: Report): void => {
    const failures = new Set<string>();
    for (const check of r.checks)
      if (check.status === 'fail') failures.add(`${check.path}\n${check.message}`);
    for (const check of r.checks) {
      if (check.status !== 'warning') continue;
      if (check.profile !== undefined && failures.has(`${check.path}\n${check.message}`)) continue;
      (check.profile === undefined || check.profile === profile ? first : then).push(check);
    }
    for (const child of r.children ?? []) visit(child);
  };
  visit(report);
  return [...first, ...then];
}

/** "1 warning: <message>", "3 warnings: <first> (+2 more)"; undefined without warnings. */
export function warningsLine(
  warnings: readonly Check[],
  message: (check: Check) => string = (c) => c.message,
): string | undefined {
  const first = warnings[0];
  if (!first) return undefined;
  const count = warnings.length;
  return `${count} ${count === 1 ? 'warning' : 'warnings'}: ${message(first)}${count > 1 ? ` (+${count - 1} more)` : ''}`;
}
