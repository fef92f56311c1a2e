import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { UpdateNotice } from './offline/UpdateNotice';
import { serviceWorkerUpdates } from './offline/updates';
import { normaliseShareUrl } from './share/share-link';
import { router } from './ui/router';

// Share links look like `#r=1.…` or `#src=…`; the router reads them as `#/?r=…`. A `?r=` in the
// query string (which servers see) is moved into the fragment before anything else runs.
function routeShareLink(): void {
  const shared = normaliseShareUrl(window.location.href);
  if (shared) window.history.replaceState(window.history.state, '', shared.href);
}
routeShareLink();
// A share link opened in a tab that already shows the app changes only the fragment.
window.addEventListener('hashchange', () => {
  const shared = normaliseShareUrl(window.location.href);
  if (shared) router.history.replace(new URL(shared.href).hash.slice(1));
});

// After one visit the app opens and verifies with no network (production builds only). A new
// deploy installs beside the running build and waits for the user's "reload".
const updates =
  import.meta.env.PROD && 'serviceWorker' in navigator
    ? serviceWorkerUpdates(navigator.serviceWorker, () => window.location.reload())
    : undefined;
if (updates) {
  window.addEventListener('load', () => void updates.register().catch(() => undefined));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void updates.check().catch(() => undefined);
  });
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    {updates && <UpdateNotice updates={updates} />}
    <RouterProvider router={router} />
  </StrictMode>,
);
