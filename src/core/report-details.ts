/**
 * The closed union of every kind's details: views narrow it with a switch on `type`, no casts.
 * (Kept out of report.ts so the base report model imports no feature module.)
 */
import type { AnchorDetails } from './anchor/details';
import type { ChainDetails } from './chain/types';
import type { ReceiptDetails } from './receipt/details';
import type { Report } from './model/report';
import type { VectorSetDetailsOf } from './vector-set/details';
import type { WorkflowDetails } from './workflow/details';

export type ReportDetails =
  ReceiptDetails | WorkflowDetails | ChainDetails | AnchorDetails | VectorSetDetails;

/** A vector set's rows, each with its vector's own report. */
export type VectorSetDetails = VectorSetDetailsOf<Report<ReportDetails>>;

/** A report as the shells see it. */
export type VerifiedReport = Report<ReportDetails>;
