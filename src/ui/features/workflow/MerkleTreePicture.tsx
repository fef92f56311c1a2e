import { nodeHex, type WorkflowDetails } from '../../../core';
import { Card } from '../../components/Card';
import { Untrusted } from '../../components/Untrusted';

/**
 * The rule a step fails when it repeats an earlier step's receipt_id (spec §3.2, MM-1). Matched
 * by its stable id: the leaf is marked because of the rule, never because of a message's words.
 */
const UNIQUE_RECEIPT_ID_RULE = 'workflow.steps.receipt-id-unique';

/** The whole Merkle tree of a small run, each node placed over the leaves below it. */
export function MerkleTreePicture({
  details,
  selected,
  onSelect,
}: {
  details: WorkflowDetails;
  selected: number | undefined;
  onSelect: (i: number) => void;
}) {
  const levels = details.merkle.levels;
  const leafCount = details.merkle.leafCount;
  const duplicateLeaves = new Set(
    details.steps
      .filter((s) => s.failedRules?.includes(UNIQUE_RECEIPT_ID_RULE))
      .map((s) => s.index),
  );
  const top = levels.length - 1;
  // Each node spans the leaves below it, so parents sit centred over their children.
  const span = (level: number, index: number): string => {
    const width = 2 ** level;
    return `${index * width + 1} / ${Math.min((index + 1) * width, leafCount) + 1}`;
  };
  const onPath = (level: number, index: number): boolean =>
    selected !== undefined && Math.floor(selected / 2 ** level) === index;
  /** The audit path: the sibling of each node on the way up (what a proof for the leaf carries). */
  const onAuditPath = (level: number, index: number): boolean =>
    selected !== undefined && level < top && (Math.floor(selected / 2 ** level) ^ 1) === index;
  // A leaf whose step is in doubt: its supplied receipt failed, or a rule failed about the step.
  const changedLeaves = new Set(
    details.steps
      .filter((s) => s.receipt?.verdict === 'failed' || (s.failedRules?.length ?? 0) > 0)
      .map((s) => s.index),
  );
  // Geometry (rem) for the edges drawn behind the nodes: rows of fixed height and gap.
  const ROW = 1.5;
  const GAP = 1.25;
  const rows = levels.length;
  const heightRem = rows * ROW + (rows - 1) * GAP;
  const centreX = (level: number, index: number): number => {
    const width = 2 ** level;
    const first = index * width;
    const last = Math.min((index + 1) * width, leafCount) - 1;
    return (first + last + 1) / 2;
  };
  const rowTop = (level: number): number => (top - level) * (ROW + GAP);
  const edges: { key: string; x1: number; y1: number; x2: number; y2: number; path: boolean }[] =
    [];
  for (let level = 0; level < top; level++) {
    const count = (levels[level]?.length ?? 0) / 32;
    for (let index = 0; index < count; index++) {
      const parent = Math.floor(index / 2);
      edges.push({
        key: `${level}:${index}`,
        x1: centreX(level, index),
        y1: rowTop(level),
        x2: centreX(level + 1, parent),
        y2: rowTop(level + 1) + ROW,
        path: onPath(level, index),
      });
    }
  }
  return (
    <Card title="Merkle tree">
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">
        Leaves are SHA-256 of each step’s receipt_id; each parent hashes the two nodes below it. A
        node marked “×2” had no neighbour and was paired with itself. Choose a leaf to follow its
        way to the root (solid) and its audit path (outlined: the siblings a proof carries). A leaf
        marked ✗ belongs to a step that failed, or whose supplied receipt did.
      </p>
      <div className="overflow-x-auto" data-testid="merkle-tree">
        <div
          className="relative grid min-w-max gap-x-1"
          style={{
            gridTemplateColumns: `repeat(${leafCount}, minmax(3.5rem, 1fr))`,
            gridAutoRows: `${ROW}rem`,
            rowGap: `${GAP}rem`,
          }}
        >
          <svg
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 h-full w-full"
            viewBox={`0 0 ${leafCount} ${heightRem}`}
            preserveAspectRatio="none"
            data-testid="merkle-edges"
          >
            {edges.map((edge) => (
              <line
                key={edge.key}
                x1={edge.x1}
                y1={edge.y1}
                x2={edge.x2}
                y2={edge.y2}
                vectorEffect="non-scaling-stroke"
                data-on-path={edge.path}
                className={
                  edge.path
                    ? 'stroke-teal-600 dark:stroke-teal-400'
                    : 'stroke-slate-300 dark:stroke-slate-600'
                }
                strokeWidth={edge.path ? 2.5 : 1}
              />
            ))}
          </svg>
          {[...levels.keys()].reverse().flatMap((level) => {
            const count = (levels[level]?.length ?? 0) / 32;
            return Array.from({ length: count }, (_, index) => {
              const hex = nodeHex(details, level, index) ?? '';
              const isRoot = level === top;
              const mismatch = isRoot && details.merkle.status === 'mismatch';
              const dup = level === 0 && duplicateLeaves.has(index);
              const changed = level === 0 && changedLeaves.has(index);
              const audit = onAuditPath(level, index);
              const selfPaired = !isRoot && count % 2 === 1 && index === count - 1;
              const tone =
                mismatch || dup || changed
                  ? 'bg-red-100 ring-red-500 dark:bg-red-950'
                  : onPath(level, index)
                    ? 'bg-teal-100 ring-teal-600 dark:bg-teal-950'
                    : audit
                      ? 'bg-white ring-2 ring-teal-600 dark:bg-slate-900'
                      : 'bg-white ring-slate-300 dark:bg-slate-900 dark:ring-slate-600';
              const label = `${changed ? '✗ ' : ''}${isRoot ? 'root ' : level === 0 ? `#${index + 1} ` : ''}${hex.slice(0, 6)}${selfPaired ? ' ×2' : ''}`;
              const common = {
                title: `${isRoot ? 'root' : level === 0 ? `leaf of step ${index + 1}` : `level ${level} node ${index + 1}`}: ${hex}${selfPaired ? ' (paired with itself)' : ''}`,
                'data-node': `${level}:${index}`,
                'data-mismatch': mismatch || dup,
                'data-changed': changed,
                'data-audit-path': audit,
                className: `relative self-center justify-self-center rounded px-1.5 py-0.5 font-mono text-[10px] ring-1 ring-inset ${tone}`,
                style: { gridColumn: span(level, index), gridRow: top - level + 1 },
              };
              return level === 0 ? (
                <button
                  type="button"
                  key={`${level}:${index}`}
                  onClick={() => onSelect(index)}
                  {...common}
                >
                  {label}
                </button>
              ) : (
                <span key={`${level}:${index}`} {...common}>
                  {label}
                </span>
              );
            });
          })}
        </div>
      </div>
      {details.merkle.status === 'mismatch' && (
        <p className="mt-2 text-xs text-red-800 dark:text-red-300">
          The root recomputed from these steps (red) is not the carried merkle_root{' '}
          <Untrusted value={details.merkle.storedRoot} />.
        </p>
      )}
    </Card>
  );
}
