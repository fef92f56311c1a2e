/**
 * The app: the router and the pages, loaded by the page's entry (src/boot.ts) once it has
 * started what the address asks to verify.
 */
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { UpdateNotice } from './offline/UpdateNotice';
import { serviceWorkerUpdates } from './offline/updates';
import { preloadResultsView } from './ui/features/results/ResultsView';
import { verification } from './ui/features/verify/verification';
import { router } from './ui/router';

// After one visit the app opens and verifies with no network (production builds only). A new
// deploy installs beside the running build and waits for the user's "reload".
const updates =
  import.meta.env.PROD && 'serviceWorker' in navigator
    ? serviceWorkerUpdates(navigator.serviceWorker, () => window.location.reload())
    : undefined;
if (updates) {
  // Once the page has loaded (it may have before this code ran): its cache fills after the page.
  const register = () => void updates.register().catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void updates.check().catch(() => undefined);
  });
}

/**
 * With a verification under way (the address's), the report's views come with the first render,
 * which then shows the verdict the entry may have painted, rather than a "loading" line over it.
 * (An async function, not top-level await: the bundler keeps chunks apart around the latter.)
 */
async function render(): Promise<void> {
  if (verification.getSnapshot().run.state !== 'idle')
    await preloadResultsView().catch(() => undefined);
  // The route is loaded before the first render: loaded during it, the router's state changed
  // under the transition's render, and React rendered the whole page again synchronously (one
  // long task) when the components subscribed to that state.
  await router.load().catch(() => undefined);
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // A transition's render yields to the browser every few milliseconds: the whole page (a link's
  // report with every check) rendered at once was one long task on the main thread.
  startTransition(() =>
    root.render(
      <StrictMode>
        {updates && <UpdateNotice updates={updates} />}
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
}
void render();
