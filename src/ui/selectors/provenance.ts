import { classifyProvenance, type ProvenanceKind } from '../../core';
import type { Tone } from './verdict';

const CLASSES: Record<ProvenanceKind, string> = {
  executed: 'bg-teal-100 text-teal-900 ring-teal-600/30 dark:bg-teal-950 dark:text-teal-200',
  observed:
    'bg-indigo-100 text-indigo-900 ring-indigo-600/30 dark:bg-indigo-950 dark:text-indigo-200',
  'self-reported':
    'bg-orange-100 text-orange-900 ring-orange-600/30 dark:bg-orange-950 dark:text-orange-200',
  unknown: 'bg-slate-100 text-slate-700 ring-slate-500/30 dark:bg-slate-800 dark:text-slate-300',
};

const SHORT: Record<ProvenanceKind, string> = {
  executed: 'executed by the recorder',
  observed: 'observed, not executed',
  'self-reported': 'self-reported by the agent',
  unknown: 'unknown class',
};

/** The provenance badge: the class exactly as carried, what it claims, and its strength. */
export function provenanceBadge(
  label: string | undefined,
): Tone & { kind: ProvenanceKind; claim: string; short: string } {
  const info = classifyProvenance(label);
  return {
    kind: info.kind,
    label: info.label,
    icon:
      info.kind === 'executed'
        ? '⚙'
        : info.kind === 'observed'
          ? '👁'
          : info.kind === 'self-reported'
            ? '✎'
            : '?',
    className: CLASSES[info.kind],
    claim: info.claim,
    short: SHORT[info.kind],
  };
}
