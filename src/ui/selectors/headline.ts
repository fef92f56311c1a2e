/**
 * What the verdict banner says beside the verdict (the verdict under a setting is the core's:
 * core/verdict-under.ts): every warning counted.
 */
import type { Check, Report } from '../../core';

/** Every warning of a report and of its members, in order. */
export function warningsOf(report: Report): Check[] {
  const out: Check[] = [];
  const visit = (r: Report): void => {
    for (const check of r.checks) if (check.status === 'warning') out.push(check);
    for (const child of r.children ?? []) visit(child);
  };
  visit(report);
  return out;
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
