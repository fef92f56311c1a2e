/** Messages between the UI and the verification Worker (structured-clone safe). */
import type { InputDocument } from '../core/detect';
import type { Report } from '../core/report';

export interface VerifyRequest {
  type: 'verify';
  id: number;
  input: InputDocument;
  supplied: InputDocument[];
  /** Also return the parsed document as plain JSON for the raw view (small inputs only). */
  wantRaw: boolean;
}

export type WorkerResponse =
  | { type: 'progress'; id: number; done: number; total: number }
  | {
      type: 'result';
      id: number;
      report: Report;
      raw?: unknown;
      rawOmitted?: string;
      elapsedMs: number;
    }
  | { type: 'error'; id: number; message: string };

/** Above this many characters the raw JSON tree is not sent to the UI (it would be unusable). */
export const RAW_VIEW_LIMIT = 2_000_000;
