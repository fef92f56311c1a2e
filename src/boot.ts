/**
 * The page's entry, small so that it runs as soon as the page is read. What the address asks to
 * verify (a sample, a share link's documents) is started here, before the app's code has run:
 * the session's Worker starts at once, and its verdict is painted the moment it comes
 * (ui/features/verify/first-verdict.ts). Meanwhile the app's chunks download (preloadApp); the
 * app (main.tsx) then renders the whole page, and its route loader finds the address's
 * verification started and starts no second one.
 */
import './index.css';
import { moveShareQuery } from './share/share-url';
import { loadAddressInput } from './ui/features/verify/url-input';
import { verification } from './ui/features/verify/verification';
import { verifyRouteSearch } from './ui/search';
import { nextTask } from './worker/client';

/**
 * How long the app waits for the first verdict before it renders anyway: long enough for a
 * sample's or a short link's verdict from a cold Worker on a slow machine, short enough that a
 * long verification (a link carrying megabytes) shows the page, its progress and Cancel soon.
 */
const FIRST_VERDICT_WAIT_MS = 1_000;

// Share links look like `#r=1.…` or `#src=…`, read where they are (src/ui/search.ts). A `?r=` in
// the query string (which servers see) is moved into the fragment before anything else runs.
function moveShareLinkFromQuery(): void {
  const moved = moveShareQuery(window.location.href);
  if (moved) window.history.replaceState(window.history.state, '', moved);
}

/**
 * Starts the download and compilation of the app's chunks, which index.html names in a meta tag
 * (vite.config.ts, preloadApp): for a link, once the Worker has answered (workerAnswered), so
 * that the app's files do not take the cores the Worker's start and its verdict wait for.
 */
function preloadApp(): void {
  const chunks = document.querySelector<HTMLMetaElement>('meta[name="aer1-app-chunks"]');
  for (const href of chunks?.content.split(' ') ?? []) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Resolves once the Worker has answered the address's run: its verdict, or the progress of a
 * long run (a link carrying megabytes), whose page the app should then show soon.
 */
function workerAnswered(): Promise<void> {
  return new Promise((answered) => {
    const check = () => {
      const { run } = verification.getSnapshot();
      if (run.state === 'running' && run.total === 0) return;
      stop();
      answered();
    };
    const stop = verification.subscribe(check);
    check();
  });
}

/** Resolves once the page's body has been read: this entry is async and may run before. */
function documentRead(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((read) =>
    document.addEventListener('DOMContentLoaded', () => read(), { once: true }),
  );
}

/**
 * Lays out the font warm-up (index.html, src/index.css) in a frame of its own before the app
 * renders: after a link's first verdict is painted, not before, where it would delay the
 * entry's start, a sample's request or a share link's second one to the Worker.
 */
function warmUpFonts(): void {
  document.querySelector('.font-warm-up')?.removeAttribute('hidden');
}

/** Resolves after the next frame has been painted. */
function nextFrame(): Promise<void> {
  return new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
}

async function start(): Promise<void> {
  moveShareLinkFromQuery();
  if (loadAddressInput(verifyRouteSearch(window.location.hash, window.location.search))) {
    // The painter loads while the Worker verifies (the page without a link never loads it).
    const { paintFirstVerdict } = await import('./ui/features/verify/first-verdict');
    await documentRead();
    const root = document.getElementById('root') as HTMLElement;
    const painter = paintFirstVerdict(root, verification);
    const waited = new Promise<false>((wait) =>
      setTimeout(() => wait(false), FIRST_VERDICT_WAIT_MS),
    );
    void Promise.race([workerAnswered(), waited]).then(preloadApp);
    const painted = await Promise.race([painter.painted, waited]);
    // From here the app owns the page: a verdict that comes later is the app's to show.
    painter.stop();
    // The app's code runs once the verdict is on screen: run at once, it would hold that frame.
    if (painted) await nextFrame();
  } else preloadApp();
  await documentRead();
  warmUpFonts();
  // React's DOM renderer is most of the app's code: run in a task of its own, its evaluation and
  // the app's are not one long task on the page's thread.
  await import('react-dom/client');
  await nextTask();
  await import('./main');
}

void start();
