/**
 * The offline service worker, as a source string the build fills in (vite.config.ts): it
 * pre-caches the built app's own files and answers same-origin requests from that cache, so the
 * verifier opens and works with no network at all after one visit. It never caches or forwards
 * anything from another origin (opt-in lookups pass straight through).
 */
export function serviceWorkerSource(version: string, files: string[]): string {
  return `// AER-1 Verifier offline cache ${version} (generated at build time)
const CACHE = ${JSON.stringify(`aer1-verifier-${version}`)};
const FILES = ${JSON.stringify(['./', ...files])};

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('aer1-verifier-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      // Queries (?src=, ?r=) never change the app's files; the page reads them itself.
      const cached = await cache.match(request, { ignoreSearch: true });
      if (cached) return cached;
      try {
        return await fetch(request);
      } catch (error) {
        if (request.mode === 'navigate') {
          const shell = await cache.match('./', { ignoreSearch: true });
          if (shell) return shell;
        }
        throw error;
      }
    }),
  );
});
`;
}
