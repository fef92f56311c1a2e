/**
 * One line per applicable profile (report.profiles, src/core/profiles.ts): core first, which
 * alone decides the verdict, then the stricter readings with the reasons they fail.
 */
import type { ProfileResult, Report } from '../../../core';
import { Badge } from '../../components/Badge';
import { Card } from '../../components/Card';
import { statusTone } from '../../selectors/verdict';

function tone(status: ProfileResult['status']) {
  return statusTone(
    status === 'incomplete' ? 'unavailable' : status === 'not_applicable' ? 'not_checked' : status,
  );
}

export function ProfilesList({ report }: { report: Report }) {
  const lines = (report.profiles ?? []).filter((p) => p.status !== 'not_applicable');
  if (lines.length === 0) return null;
  return (
    <Card title="Profiles">
      <ul className="space-y-1 text-sm" data-testid="profiles">
        {lines.map((p) => (
          <li key={p.id} data-profile={p.id} className="flex flex-wrap items-baseline gap-2">
            <Badge tone={tone(p.status)} />
            <span className="font-medium">{p.label}</span>
            {p.id === 'core' && (
              <span className="text-xs text-slate-600 dark:text-slate-400">
                decides the verdict
              </span>
            )}
            {p.id !== 'core' &&
              p.reasons.slice(0, 3).map((r) => (
                <code key={r.rule + r.message} className="text-xs break-words">
                  {r.message}
                </code>
              ))}
            {p.id !== 'core' && p.reasons.length > 3 && (
              <span className="text-xs">+{p.reasons.length - 3} more</span>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
