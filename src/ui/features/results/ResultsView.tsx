/**
 * The results of a verification, loaded when there are results to show: the report views (the
 * workflow, chain and anchor panels, the raw JSON tree, the virtualised results table) are not
 * part of the page on landing. The session starts loading them as soon as a verification starts
 * (preloadResultsView), so by the time the Worker answers they are normally there.
 */
import { lazy, Suspense } from 'react';
import type { ResultsPanelProps } from './ResultsPanel';

export type ResultsViewProps = ResultsPanelProps;

let loading: Promise<typeof import('./ResultsPanel')> | undefined;

/** Starts loading the results views (once); verifying calls it when it starts. */
export function preloadResultsView(): Promise<typeof import('./ResultsPanel')> {
  loading ??= import('./ResultsPanel');
  return loading;
}

const LazyResultsPanel = lazy(() =>
  preloadResultsView().then((module) => ({ default: module.ResultsPanel })),
);

export function ResultsView(props: ResultsViewProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Loading the report…
        </p>
      }
    >
      <LazyResultsPanel {...props} />
    </Suspense>
  );
}
