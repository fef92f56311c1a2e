import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import type {
  AnchorDetails,
  DetailsByType,
  DetailsType,
  InputDocument,
  Report,
  ReportDetails,
  SourceRange,
} from '../../../core';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Untrusted } from '../../components/Untrusted';
import { checksToShow } from '../../selectors/verdict';
import { ChecksList } from './ChecksList';
import { DimensionChips } from './DimensionChips';
import { ProfilesList } from './ProfilesList';
import { DecodedBytes, ReceiptPanel } from './ReceiptPanel';
import { RawJson } from './RawJson';
import { VerdictBanner } from './VerdictBanner';

// Loaded with the first report of their kind: a receipt's first verdict does not download the
// workflow and chain views (nor the list virtualiser they use).
const WorkflowView = lazy(() =>
  import('../workflow/WorkflowView').then((m) => ({ default: m.WorkflowView })),
);
const AnchorsPanel = lazy(() =>
  import('../anchors/AnchorsPanel').then((m) => ({ default: m.AnchorsPanel })),
);
const ChainView = lazy(() => import('../chain/ChainView').then((m) => ({ default: m.ChainView })));
const VectorSetView = lazy(() =>
  import('../vectors/VectorSetView').then((m) => ({ default: m.VectorSetView })),
);

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={<p className="text-sm text-slate-600 dark:text-slate-400">Loading the view…</p>}
    >
      {children}
    </Suspense>
  );
}

export interface ReportViewProps {
  report: Report;
  raw?: unknown;
  rawOmitted?: string;
  elapsedMs?: number;
  onLocate?: (range: SourceRange) => void;
  /** Re-verify with more documents supplied (from an opt-in lookup or a pasted header). */
  onSupply?: (docs: InputDocument[]) => void;
  /** Banner and dimensions only (a batch's own summary above its results table). */
  summaryOnly?: boolean;
  /** Computed from other input than the editor holds now: the verdict is shown marked. */
  stale?: boolean;
}

type OnSupply = ((docs: InputDocument[]) => void) | undefined;

function anchorsView(details: AnchorDetails | undefined, onSupply: OnSupply): ReactNode {
  return (
    details && (
      <Loading>
        <AnchorsPanel details={details} onSupply={onSupply} />
      </Loading>
    )
  );
}

/**
 * The view of each details type (core: report-details.ts), which each kind's descriptor names:
 * in page order, the kind's own view above the checks with the anchors checked against it, and
 * (for receipts) the decoded bytes below the checks. The mapped type makes a details type
 * without a view a type error.
 */
export const DETAILS_VIEWS: {
  [T in DetailsType]: (
    details: DetailsByType[T],
    onSupply: OnSupply,
  ) => { main?: ReactNode; below?: ReactNode };
} = {
  receipt: (details, onSupply) => ({
    main: (
      <>
        <ReceiptPanel details={details} />
        {anchorsView(details.anchors, onSupply)}
      </>
    ),
    below: <DecodedBytes details={details} />,
  }),
  workflow: (details, onSupply) => ({
    main: (
      <>
        <Loading>
          <WorkflowView details={details} />
        </Loading>
        {anchorsView(details.anchors, onSupply)}
      </>
    ),
  }),
  chain: (details, onSupply) => ({
    main: (
      <>
        <Loading>
          <ChainView details={details} />
        </Loading>
        {anchorsView(details.anchors, onSupply)}
      </>
    ),
  }),
  anchors: (details, onSupply) => ({ main: anchorsView(details, onSupply) }),
  'vector-set': (details) => ({
    main: (
      <Loading>
        {/* A vector's report is its own document's: its places are not the editor's. */}
        <VectorSetView
          details={details}
          renderReport={(report) => <ReportView report={report} />}
        />
      </Loading>
    ),
  }),
};

/** The views of a report's details (DETAILS_VIEWS), in page order. */
function detailViews(
  details: ReportDetails | undefined,
  onSupply: OnSupply,
): { main?: ReactNode; below?: ReactNode } {
  if (!details) return {};
  // (The map is keyed by the tag, so the entry takes this details type; TypeScript cannot see
  // that through the union.)
  const view = DETAILS_VIEWS[details.type] as (
    details: ReportDetails,
    onSupply: OnSupply,
  ) => { main?: ReactNode; below?: ReactNode };
  return view(details, onSupply);
}

export function ReportView({
  report,
  raw,
  rawOmitted,
  elapsedMs,
  onLocate,
  summaryOnly = false,
  onSupply,
  stale = false,
}: ReportViewProps) {
  const views = detailViews(report.details, onSupply);
  const parseError = report.parseError;
  // The verdict first, the rest of the report in a render of its own that React may interrupt:
  // a report arriving with the page (a link's) or a large one never makes one long task of it.
  const details = useDeferredValue(true, false);
  return (
    <div className="space-y-4" data-testid="report">
      <VerdictBanner report={report} elapsedMs={elapsedMs} stale={stale} />
      {!details ? null : parseError ? (
        <Card title="Not valid JSON">
          <p className="text-sm" data-testid="parse-error">
            <Untrusted value={parseError.message} sentence />
          </p>
          {onLocate && (
            <Button
              variant="link"
              className="mt-2"
              onClick={() =>
                onLocate({
                  start: parseError.offset,
                  end: parseError.offset + 1,
                  line: parseError.line,
                  column: parseError.column,
                })
              }
            >
              Show the place in the input
            </Button>
          )}
        </Card>
      ) : summaryOnly ? (
        <DimensionChips report={report} />
      ) : (
        <>
          <DimensionChips report={report} />
          <ProfilesList report={report} />
          {views.main}
          <Card title={`Checks (${checksToShow(report).length})`} laidOutWhenNear>
            <ChecksList checks={checksToShow(report)} onLocate={onLocate} />
          </Card>
          {views.below}
          {(raw !== undefined || rawOmitted) && <RawJson raw={raw} omitted={rawOmitted} />}
        </>
      )}
    </div>
  );
}
