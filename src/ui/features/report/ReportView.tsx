import type { ReceiptDetails, Report, SourceRange } from '../../../core';
import { isWorkflowDetails } from '../../../core';
import type { ChainDetails } from '../../../core';
import type { AnchorDetails } from '../../../core';
import type { InputDocument } from '../../../core';
import { Card } from '../../components/Card';
import { AnchorsPanel } from '../anchors/AnchorsPanel';
import { ChainView } from '../chain/ChainView';
import { WorkflowView } from '../workflow/WorkflowView';
import { ChecksList } from './ChecksList';
import { DimensionChips } from './DimensionChips';
import { DecodedBytes, ReceiptPanel } from './ReceiptPanel';
import { RawJson } from './RawJson';
import { VerdictBanner } from './VerdictBanner';

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
}

function anchorDetails(details: Report['details']): AnchorDetails | undefined {
  if (details?.type === 'anchors') return details as AnchorDetails;
  // Receipts, workflows and timelines carry the anchors checked against their own values.
  const anchors = (details as { anchors?: unknown } | undefined)?.anchors;
  return (anchors as AnchorDetails | undefined)?.type === 'anchors'
    ? (anchors as AnchorDetails)
    : undefined;
}

function isReceiptDetails(details: Report['details']): details is ReceiptDetails {
  return details?.type === 'receipt';
}

export function ReportView({
  report,
  raw,
  rawOmitted,
  elapsedMs,
  onLocate,
  summaryOnly = false,
  onSupply,
}: ReportViewProps) {
  const details = report.details;
  return (
    <div className="space-y-4" data-testid="report">
      <VerdictBanner report={report} elapsedMs={elapsedMs} />
      {report.parseError ? (
        <Card title="Not valid JSON">
          <p className="text-sm" data-testid="parse-error">
            {report.parseError.message}
          </p>
          {onLocate && (
            <button
              type="button"
              className="mt-2 text-sm underline"
              onClick={() =>
                onLocate({
                  start: report.parseError!.offset,
                  end: report.parseError!.offset + 1,
                  line: report.parseError!.line,
                  column: report.parseError!.column,
                })
              }
            >
              Show the place in the input
            </button>
          )}
        </Card>
      ) : summaryOnly ? (
        <DimensionChips report={report} />
      ) : (
        <>
          <DimensionChips report={report} />
          {isReceiptDetails(details) && <ReceiptPanel details={details} />}
          {isWorkflowDetails(details) && <WorkflowView details={details} />}
          {details?.type === 'chain' && <ChainView details={details as ChainDetails} />}
          {anchorDetails(details) && (
            <AnchorsPanel details={anchorDetails(details) as AnchorDetails} onSupply={onSupply} />
          )}
          <Card title={`Checks (${report.checks.length})`}>
            <ChecksList checks={report.checks} onLocate={onLocate} />
          </Card>
          {isReceiptDetails(details) && <DecodedBytes details={details} />}
          {(raw !== undefined || rawOmitted) && <RawJson raw={raw} omitted={rawOmitted} />}
        </>
      )}
    </div>
  );
}
