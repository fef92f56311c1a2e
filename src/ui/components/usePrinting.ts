import { useSyncExternalStore } from 'react';

/**
 * Whether the page is being printed: from `beforeprint` to `afterprint`, or while print media
 * is in force (the browser's print preview, an emulated print medium). Print-only content that
 * is costly to build (a row per input of a drop of thousands of files) renders only then, not
 * hidden on screen with every result.
 */
export function usePrinting(): boolean {
  return useSyncExternalStore(subscribe, isPrinting, () => false);
}

let betweenPrintEvents = false;

function printMedia(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia('print') : undefined;
}

function isPrinting(): boolean {
  return betweenPrintEvents || printMedia()?.matches === true;
}

function subscribe(notify: () => void): () => void {
  // React renders an update of this store synchronously: the rows are in the page before the
  // browser lays it out for printing.
  const before = () => {
    betweenPrintEvents = true;
    notify();
  };
  const after = () => {
    betweenPrintEvents = false;
    notify();
  };
  const media = printMedia();
  window.addEventListener('beforeprint', before);
  window.addEventListener('afterprint', after);
  media?.addEventListener('change', notify);
  return () => {
    window.removeEventListener('beforeprint', before);
    window.removeEventListener('afterprint', after);
    media?.removeEventListener('change', notify);
  };
}
