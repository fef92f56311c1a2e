/**
 * #/conformance: the self-test anyone can run. Every bundled golden vector (receipt, workflow,
 * chain, anchor and vector-set suites, the spec's worked examples among them) is verified here, in the
 * Worker, and compared with the verdict and reasons its file declares — the same comparison as
 * `aer1-verify --self-test` (src/conformance/self-test.ts). Loaded lazily by the router, so the
 * vectors add nothing to the landing page.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { BUNDLED_VECTOR_FILES } from '../../../conformance/bundled-vectors';
import {
  runSelfTest,
  selfTestCases,
  type SelfTestResult,
  type SelfTestSummary,
} from '../../../conformance/self-test';
import { VerifierClient } from '../../../worker/client';

const CASES = selfTestCases(BUNDLED_VECTOR_FILES);

function verdictClass(ok: boolean): string {
  return ok
    ? 'text-emerald-700 dark:text-emerald-400'
    : 'font-semibold text-red-700 dark:text-red-400';
}

function ResultRow({ result }: { result: SelfTestResult }) {
  return (
    <tr
      data-testid="conformance-row"
      data-as-expected={result.asExpected ? 'yes' : 'no'}
      className="border-t border-slate-200 align-top dark:border-slate-800"
    >
      <th scope="row" className="py-1 pr-3 text-left font-normal [overflow-wrap:anywhere]">
        <code className="text-xs break-all">{result.name}</code>
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          {result.description}
        </span>
        {/* A phone has no room for a fourth column: the reason goes under the vector. */}
        <span className="mt-1 block text-xs sm:hidden">
          <Reason result={result} />
        </span>
      </th>
      <td className="py-1 pr-3 whitespace-nowrap">{result.expectedVerdict}</td>
      <td className={`py-1 pr-3 whitespace-nowrap ${verdictClass(result.asExpected)}`}>
        {result.actualVerdict}
        {result.asExpected ? ' ✓' : ' ✗'}
      </td>
      <td className="hidden py-1 text-xs sm:table-cell">
        <Reason result={result} />
      </td>
    </tr>
  );
}

function Reason({ result }: { result: SelfTestResult }) {
  return (
    <>
      {result.actualReason}
      {result.differences.map((d) => (
        <span key={d} className="block text-red-700 dark:text-red-400">
          {d}
        </span>
      ))}
    </>
  );
}

export function ConformancePage() {
  const [summary, setSummary] = useState<SelfTestSummary | undefined>();
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    const client = new VerifierClient();
    let live = true;
    runSelfTest(
      CASES,
      async (c) => {
        const outcome = await client.verify([c.document], {
          wantRaw: false,
          verifyOptions: { ...c.options, supplied: c.supplied },
        });
        const report = outcome.results[0]?.report;
        if (!report) throw new Error('the Worker returned no report');
        return report;
      },
      (done) => {
        if (live) setProgress(done);
      },
    ).then(
      (s) => {
        if (live) setSummary(s);
      },
      (e: unknown) => {
        if (live) setError(String(e));
      },
    );
    return () => {
      live = false;
      client.cancel();
    };
  }, []);

  const differing = summary?.results.filter((r) => !r.asExpected) ?? [];
  return (
    <article className="space-y-4 text-sm leading-6">
      <header className="max-w-3xl space-y-2">
        <h1 className="text-2xl font-semibold">Self-test</h1>
        <p>
          This page verifies every golden vector bundled with this build — per-call receipts,
          workflows and Merkle root claims, job timelines, anchors, and the worked examples of{' '}
          <code>draft-zambo-aer1</code> — in this browser&apos;s verification Worker, and compares
          each result with the verdict and reasons the vector declares. It is how you (or an
          auditor) can tell that the exact build in front of you behaves as documented. The command
          line does the same with <code>aer1-verify --self-test</code>. The checks themselves are
          listed on the{' '}
          <Link to="/rules" className="underline">
            Rules
          </Link>{' '}
          page.
        </p>
      </header>
      <p role="status" data-testid="conformance-summary" className="text-lg font-semibold">
        {error
          ? `The self-test could not run: ${error}`
          : summary
            ? `${summary.asExpected} of ${summary.total} as expected (${(summary.ms / 1000).toFixed(1)} s)`
            : `Running… ${progress} of ${CASES.length}`}
      </p>
      {summary && differing.length > 0 && (
        <p className="font-semibold text-red-700 dark:text-red-400">
          {differing.length} vector{differing.length === 1 ? '' : 's'} did not behave as documented;
          they are listed first.
        </p>
      )}
      {summary && (
        <table className="w-full text-left">
          <thead>
            <tr>
              <th scope="col" className="pr-3">
                Vector
              </th>
              <th scope="col" className="pr-3">
                Expected
              </th>
              <th scope="col" className="pr-3">
                Actual
              </th>
              <th scope="col" className="hidden sm:table-cell">
                Reason
              </th>
            </tr>
          </thead>
          <tbody>
            {[...differing, ...summary.results.filter((r) => r.asExpected)].map((r) => (
              <ResultRow key={r.name} result={r} />
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
