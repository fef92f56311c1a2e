/**
 * The results of a verification, loaded when there are results to show: the report views (the
 * workflow, chain and anchor panels, the raw JSON tree, the virtualised results table) are not
 * part of the page on landing. The session starts loading them as soon as a verification starts
 * (preloadResultsView), so by the time the Worker answers they are normally there.
 */
import { createElement, lazy, Suspense, useState } from 'react';
import type { ResultsPanelProps } from './ResultsPanel';

export type ResultsViewProps = ResultsPanelProps;

let loading: Promise<typeof import('./ResultsPanel')> | undefined;
/** The results views once loaded: rendered at once, not through a suspended lazy component. */
let loaded: typeof import('./ResultsPanel') | undefined;

/** Starts loading the results views (once); verifying calls it when it starts. */
export function preloadResultsView(): Promise<typeof import('./ResultsPanel')> {
  loading ??= import('./ResultsPanel').then((module) => (loaded = module));
  return loading;
}

const LazyResultsPanel = lazy(() =>
  preloadResultsView().then((module) => ({ default: module.ResultsPanel })),
);

export function ResultsView(props: ResultsViewProps) {
  // A lazy component suspends on its first render even when its code is here, and React then
  // holds the content back (it throttles what follows a fallback): a view loaded by the time
  // this mounts renders directly, and stays the same component while mounted (no remount).
  const [panel] = useState(() => loaded?.ResultsPanel);
  if (panel) return createElement(panel, props);
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
