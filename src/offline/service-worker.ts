/**
 * The offline service worker, as a source string the build fills in (vite.config.ts): it
 * pre-caches the built app's own files and answers same-origin requests from that cache, so the
 * verifier opens and works with no network at all after one visit. It never caches or forwards
 * anything from another origin (opt-in lookups pass straight through).
 *
 * Updates (a new deploy): each build's worker keeps its files in a cache named by the build's
 * version and checks every file it stores against the SHA-256 the build recorded, so a cache
 * never holds two builds' files (a deploy landing half-way through an install fails the install;
 * the browser tries again later). The new worker then waits: the pages keep the build they
 * started with until the user accepts "A new version is available — reload" (src/offline/
 * updates.ts), which sends SKIP_WAITING; on activation the older builds' caches are deleted.
 */

/** Cache names of this app start with this; other caches of the origin are left alone. */
export const CACHE_PREFIX = 'aer1-verifier-';

/** The message a page sends to let a waiting worker take over. */
export const SKIP_WAITING = 'aer1-skip-waiting';

/** The text a build's version is a digest of: every file's path and content digest. */
export function manifestText(files: Record<string, string>): string {
  return Object.keys(files)
    .sort()
    .map((path) => `${path} ${files[path]}`)
    .join('\n');
}

/**
 * The worker's source. `files` maps each file's path relative to the worker ('./index.html',
 * './assets/…') to the lowercase hex SHA-256 of its bytes; './' is served as the app's page.
 * `pages` names, for the app's page, the build's files it refers to: a host that adds to the
 * page (an analytics snippet) changes its bytes, and the page is still this build's when it
 * still names exactly these hashed files.
 */
export function serviceWorkerSource(
  version: string,
  files: Record<string, string>,
  pages: Record<string, string[]> = {},
): string {
  return `// AER-1 Verifier offline cache ${version} (generated at build time)
const PREFIX = ${JSON.stringify(CACHE_PREFIX)};
const CACHE = ${JSON.stringify(CACHE_PREFIX + version)};
// Every file of this build, with the SHA-256 of its bytes.
const FILES = ${JSON.stringify(files, null, 1)};
// The build's files each page names (a page whose bytes a host changed must still name these).
const PAGES = ${JSON.stringify(pages)};

const hex = (buffer) =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A page whose bytes differ (a host added to it) that still names this build's own files. */
function sameBuildPage(path, bytes) {
  const refs = PAGES[path];
  if (!refs || refs.length === 0) return false;
  const text = new TextDecoder().decode(bytes);
  return refs.every((ref) => text.includes(ref));
}

/** Stores this build's files, each checked against the digest the build recorded. */
async function install() {
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(
      Object.entries(FILES).map(async ([path, digest]) => {
        // From the server, not the HTTP cache (it may hold another build's copy of a file whose
        // name is not hashed, such as index.html).
        const response = await fetch(new Request(path, { cache: 'no-store' }));
        if (!response.ok) throw new Error(path + ': HTTP ' + response.status);
        const bytes = await response.arrayBuffer();
        const found = hex(await crypto.subtle.digest('SHA-256', bytes));
        if (found !== digest && !sameBuildPage(path, bytes))
          throw new Error(path + ' is not this build\\'s file (a newer deploy?)');
        // A fresh response: one that came through a redirect cannot answer a navigation.
        await cache.put(
          path,
          new Response(bytes, { status: 200, statusText: 'OK', headers: response.headers }),
        );
      }),
    );
  } catch (error) {
    // Never keep part of a build: the browser installs again at a later visit.
    await caches.delete(CACHE);
    throw error;
  }
}

/** Deletes the caches of every other build of this app. */
async function activate() {
  const keys = await caches.keys();
  await Promise.all(
    keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key)),
  );
  await self.clients.claim();
}

/**
 * How a request is answered: a file of this build from this build's cache; a navigation to any
 * other page of the app's folder from the network, or the app's page when offline; anything
 * else (other origins, other methods, files of other builds) is left to the network.
 */
function route(method, url, mode) {
  if (method !== 'GET') return undefined;
  const target = new URL(url);
  const scope = new URL('./', self.location.href);
  if (target.origin !== scope.origin || !target.pathname.startsWith(scope.pathname)) return undefined;
  // Queries (?src=, ?r=) never change the app's files; the page reads them itself.
  const path = './' + target.pathname.slice(scope.pathname.length);
  if (Object.prototype.hasOwnProperty.call(FILES, path)) return { file: path };
  if (mode === 'navigate') return { offline: './' };
  return undefined;
}

async function respond(answer, request) {
  const cache = await caches.open(CACHE);
  if (answer.file) {
    const cached = await cache.match(answer.file);
    if (cached) return cached;
    return fetch(request);
  }
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await cache.match(answer.offline);
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('install', (event) => {
  // No skipWaiting here: pages keep their build until the user reloads into the new one.
  event.waitUntil(install());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(activate());
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === ${JSON.stringify(SKIP_WAITING)}) void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const answer = route(request.method, request.url, request.mode);
  if (answer) event.respondWith(respond(answer, request));
});
`;
}
