import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { CACHE_PREFIX, SKIP_WAITING, manifestText, serviceWorkerSource } from './service-worker';

const ORIGIN = 'https://verifier.example';
const SCOPE = `${ORIGIN}/app/`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A build: its files' contents by path relative to the worker, and its generated sw.js. */
function build(name: string, files: Record<string, string>) {
  const contents: Record<string, string> = { './': files['./index.html'] ?? '', ...files };
  const digests = Object.fromEntries(Object.entries(contents).map(([p, t]) => [p, sha256(t)]));
  const version = sha256(manifestText(digests)).slice(0, 12);
  const refs = Object.keys(files).filter(
    (p) => p !== './index.html' && (files['./index.html'] ?? '').includes(p),
  );
  const pages = { './': refs, './index.html': refs };
  return { name, contents, version, source: serviceWorkerSource(version, digests, pages) };
}

const buildA = build('A', {
  './index.html': '<html>A<script src="./assets/index-aaa.js"></script></html>',
  './assets/index-aaa.js': 'console.log("A")',
  './theme-init.js': 'theme A',
});
const buildB = build('B', {
  './index.html': '<html>B<script src="./assets/index-bbb.js"></script></html>',
  './assets/index-bbb.js': 'console.log("B")',
  './theme-init.js': 'theme B',
});

/** The static host: what it serves now (a deploy replaces it), and whether it is reachable. */
function host(initial: typeof buildA) {
  const state = { served: initial, online: true, requests: [] as string[] };
  const fetch = vi.fn(async (input: Request | string) => {
    const url = typeof input === 'string' ? new URL(input, SCOPE).href : input.url;
    state.requests.push(url);
    if (!state.online) throw new TypeError('Failed to fetch');
    const { pathname } = new URL(url);
    const path = `./${pathname.slice('/app/'.length)}`;
    const body = url.startsWith(SCOPE) ? state.served.contents[path] : undefined;
    return body === undefined
      ? new Response('not found', { status: 404 })
      : new Response(body, { status: 200, headers: { 'content-type': 'text/plain' } });
  });
  return { state, fetch };
}

/** CacheStorage in memory, keyed by absolute URL (as the browser's is, queries included). */
function cacheStorage() {
  const stores = new Map<string, Map<string, Response>>();
  const key = (request: Request | string) =>
    typeof request === 'string' ? new URL(request, SCOPE).href : request.url;
  const storage = {
    stores,
    open: async (name: string) => {
      let store = stores.get(name);
      if (!store) stores.set(name, (store = new Map()));
      const s = store;
      return {
        put: async (request: Request | string, response: Response) => {
          s.set(key(request), response);
        },
        match: async (request: Request | string) => s.get(key(request))?.clone(),
      };
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  return storage;
}

/** Runs a generated sw.js in a stand-in worker global and hands back its event handlers. */
function runWorker(
  source: string,
  caches: ReturnType<typeof cacheStorage>,
  net: ReturnType<typeof host>,
) {
  const handlers = new Map<string, (event: unknown) => void>();
  const self = {
    location: { href: `${SCOPE}sw.js` },
    addEventListener: (type: string, handler: (event: unknown) => void) =>
      handlers.set(type, handler),
    skipWaiting: vi.fn(async () => undefined),
    clients: { claim: vi.fn(async () => undefined) },
  };
  const RelativeRequest = class extends Request {
    constructor(input: string | Request, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, self.location.href) : input, init);
    }
  };
  new Function('self', 'caches', 'fetch', 'Request', 'Response', 'crypto', source)(
    self,
    caches,
    net.fetch,
    RelativeRequest,
    Response,
    globalThis.crypto,
  );
  const lifecycle = async (type: 'install' | 'activate') => {
    let done: Promise<unknown> = Promise.resolve();
    handlers.get(type)?.({ waitUntil: (p: Promise<unknown>) => (done = p) });
    await done;
  };
  return {
    self,
    install: () => lifecycle('install'),
    activate: () => lifecycle('activate'),
    message: (data: unknown) => handlers.get('message')?.({ data }),
    /** The worker's answer, or `undefined` when it leaves the request to the browser. */
    fetch: (
      url: string,
      init: { method?: string; mode?: string } = {},
    ): Promise<Response> | undefined => {
      let answer: Promise<Response> | undefined;
      const request = { url, method: init.method ?? 'GET', mode: init.mode ?? 'cors' };
      handlers.get('fetch')?.({ request, respondWith: (p: Promise<Response>) => (answer = p) });
      return answer;
    },
  };
}

async function text(answer: Promise<Response> | undefined): Promise<string | undefined> {
  return answer ? (await answer).text() : undefined;
}

describe('the offline service worker', () => {
  it('installs every file of its build, checked, into a cache named by the build, and waits', async () => {
    const caches = cacheStorage();
    const net = host(buildA);
    const worker = runWorker(buildA.source, caches, net);
    await worker.install();
    const store = caches.stores.get(CACHE_PREFIX + buildA.version);
    expect([...(store?.keys() ?? [])].sort()).toEqual(
      Object.keys(buildA.contents)
        .map((path) => new URL(path, SCOPE).href)
        .sort(),
    );
    // It waits for the page's say-so instead of taking over at once.
    expect(worker.self.skipWaiting).not.toHaveBeenCalled();
    worker.message({ type: 'something else' });
    expect(worker.self.skipWaiting).not.toHaveBeenCalled();
    worker.message({ type: SKIP_WAITING });
    expect(worker.self.skipWaiting).toHaveBeenCalledOnce();
  });

  it("fails its install, keeping nothing, when the host serves another build's file", async () => {
    const caches = cacheStorage();
    // A deploy of B landed while A's worker was installing: A's page is B's now.
    const net = host({
      ...buildB,
      contents: { ...buildA.contents, './index.html': buildB.contents['./index.html'] ?? '' },
    });
    const worker = runWorker(buildA.source, caches, net);
    await expect(worker.install()).rejects.toThrow(/index\.html is not this build's file/);
    expect(caches.stores.size).toBe(0);
  });

  it("accepts its own page with a host's addition (it still names this build's files)", async () => {
    const caches = cacheStorage();
    const inject = (html: string) =>
      html.replace('</html>', '<script src="/beacon.js"></script></html>');
    const page = buildA.contents['./index.html'] ?? '';
    const net = host({
      ...buildA,
      contents: { ...buildA.contents, './': inject(page), './index.html': inject(page) },
    });
    const worker = runWorker(buildA.source, caches, net);
    await worker.install();
    expect(await text(worker.fetch(SCOPE, { mode: 'navigate' }))).toBe(inject(page));
    // Not so for a file that is not a page.
    net.state.served = {
      ...buildA,
      contents: { ...buildA.contents, './theme-init.js': 'theme A!' },
    };
    await expect(runWorker(buildA.source, cacheStorage(), net).install()).rejects.toThrow(
      /theme-init\.js is not this build's file/,
    );
  });

  it('fails its install when a file is missing', async () => {
    const caches = cacheStorage();
    const net = host(buildB);
    await expect(runWorker(buildA.source, caches, net).install()).rejects.toThrow(/HTTP 404/);
    expect(caches.stores.size).toBe(0);
  });

  it('serves its own build from its cache, whatever the host serves now', async () => {
    const caches = cacheStorage();
    const net = host(buildA);
    const worker = runWorker(buildA.source, caches, net);
    await worker.install();
    await worker.activate();
    net.state.served = buildB;
    net.state.requests.length = 0;
    expect(await text(worker.fetch(`${SCOPE}?r=1.abc`, { mode: 'navigate' }))).toBe(
      buildA.contents['./'],
    );
    expect(await text(worker.fetch(`${SCOPE}index.html?src=x`, { mode: 'navigate' }))).toBe(
      buildA.contents['./index.html'],
    );
    expect(await text(worker.fetch(`${SCOPE}theme-init.js`))).toBe('theme A');
    expect(await text(worker.fetch(`${SCOPE}assets/index-aaa.js`))).toBe('console.log("A")');
    expect(net.state.requests).toEqual([]);
  });

  it('leaves other origins, other methods and files of no build of its own to the network', async () => {
    const caches = cacheStorage();
    const net = host(buildA);
    const worker = runWorker(buildA.source, caches, net);
    await worker.install();
    expect(await worker.fetch('https://mempool.example/api/block/x/header')).toBeUndefined();
    expect(await worker.fetch(`${SCOPE}theme-init.js`, { method: 'POST' })).toBeUndefined();
    expect(await worker.fetch(`${SCOPE}assets/index-bbb.js`)).toBeUndefined();
    expect(await worker.fetch(`${SCOPE}receipts/r.json`)).toBeUndefined();
    expect(
      await worker.fetch(`${ORIGIN}/elsewhere/index.html`, { mode: 'navigate' }),
    ).toBeUndefined();
  });

  it('opens another page of its folder from the network, and the app when offline', async () => {
    const caches = cacheStorage();
    const net = host(buildA);
    const worker = runWorker(buildA.source, caches, net);
    await worker.install();
    expect(await (await worker.fetch(`${SCOPE}docs/`, { mode: 'navigate' }))?.status).toBe(404);
    net.state.online = false;
    expect(await text(worker.fetch(`${SCOPE}docs/`, { mode: 'navigate' }))).toBe(
      buildA.contents['./'],
    );
  });

  it("deletes the older builds' caches when it activates, and no other caches", async () => {
    const caches = cacheStorage();
    const net = host(buildA);
    const old = runWorker(buildA.source, caches, net);
    await old.install();
    await old.activate();
    await caches.open('someone-else');
    net.state.served = buildB;
    const next = runWorker(buildB.source, caches, net);
    await next.install();
    // Installed and waiting: both builds' caches exist, the old one still answers.
    expect([...caches.stores.keys()].sort()).toEqual(
      [CACHE_PREFIX + buildA.version, CACHE_PREFIX + buildB.version, 'someone-else'].sort(),
    );
    expect(await text(old.fetch(SCOPE, { mode: 'navigate' }))).toBe(buildA.contents['./']);
    await next.activate();
    expect([...caches.stores.keys()].sort()).toEqual(
      [CACHE_PREFIX + buildB.version, 'someone-else'].sort(),
    );
    expect(next.self.clients.claim).toHaveBeenCalled();
    expect(await text(next.fetch(SCOPE, { mode: 'navigate' }))).toBe(buildB.contents['./']);
  });
});
