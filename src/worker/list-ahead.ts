/**
 * The long list of a report's details — a workflow's step rows, a timeline's entries — travels
 * from the Worker ahead of its result, in messages of ITEMS_PER_MESSAGE, and the result's
 * details carry none of it. One message with the whole list is one copy on the page's main
 * thread: a 1,000,000-entry timeline froze the page for seconds in it. The page puts the list
 * back (withListAhead) before anything renders the result.
 */
import type { ChainEntrySummary, Report, WorkflowStepRow } from '../core';
import { ITEMS_PER_MESSAGE, type AheadItem, type VerifiedGroup } from './protocol';

type Details = NonNullable<Report['details']>;

/** The details' long list, when they have one. */
function listOf(details: Details | undefined): readonly AheadItem[] | undefined {
  if (details?.type === 'workflow') return details.steps;
  if (details?.type === 'chain') return details.entries;
  return undefined;
}

/** The details with their long list replaced. */
function withList(details: Details, items: AheadItem[]): Details {
  if (details.type === 'workflow') return { ...details, steps: items as WorkflowStepRow[] };
  if (details.type === 'chain') return { ...details, entries: items as ChainEntrySummary[] };
  return details;
}

/**
 * Takes a long list off the group's details: its parts, to send ahead in order, and the group
 * to send after them. A list of up to ITEMS_PER_MESSAGE stays where it is.
 */
export function takeListAhead(group: VerifiedGroup): {
  parts: AheadItem[][];
  group: VerifiedGroup;
} {
  const details = group.report.details;
  const list = listOf(details);
  if (!details || !list || list.length <= ITEMS_PER_MESSAGE) return { parts: [], group };
  const parts: AheadItem[][] = [];
  for (let start = 0; start < list.length; start += ITEMS_PER_MESSAGE)
    parts.push(list.slice(start, start + ITEMS_PER_MESSAGE));
  return {
    parts,
    group: {
      ...group,
      report: { ...group.report, details: withList(details, []) },
      listAhead: true,
    },
  };
}

/** A group whose long list came ahead of it, with the list put back. */
export function withListAhead(group: VerifiedGroup, items: AheadItem[] | undefined): VerifiedGroup {
  const details = group.report.details;
  if (!group.listAhead || !details) return group;
  const restored: VerifiedGroup = {
    ...group,
    report: { ...group.report, details: withList(details, items ?? []) },
  };
  delete restored.listAhead;
  return restored;
}
