import { SKIP_WAITING } from './service-worker';

/**
 * What the page tells the user about builds:
 *   none   this page runs the newest build the browser knows of
 *   ready  a new build is installed and waiting; reloading into it is the user's choice
 *   stale  another tab switched to a new build; this page still runs the old one
 */
export type UpdateState = 'none' | 'ready' | 'stale';

/** The part of `navigator.serviceWorker` this uses (a fake in the tests). */
export interface WorkerContainer {
  readonly controller: unknown;
  register(url: string): Promise<WorkerRegistration>;
  addEventListener(type: 'controllerchange', listener: () => void): void;
}

export interface WorkerRegistration {
  readonly waiting: { postMessage(message: unknown): void } | null;
  readonly installing: WaitingWorker | null;
  addEventListener(type: 'updatefound', listener: () => void): void;
  update(): Promise<unknown>;
}

interface WaitingWorker {
  readonly state: string;
  postMessage(message: unknown): void;
  addEventListener(type: 'statechange', listener: () => void): void;
}

export interface ServiceWorkerUpdates {
  subscribe(listener: () => void): () => void;
  getSnapshot(): UpdateState;
  /** The user's "reload": lets the waiting build take over, then reloads into it. */
  apply(): void;
  /** Registers the worker (once the page has loaded). */
  register(): Promise<void>;
  /** Asks the server whether there is a newer build (the browser also does at each visit). */
  check(): Promise<void>;
}

/**
 * Registers sw.js and follows its updates. A worker that installs while an older one controls
 * the page waits (the page keeps its build, files never mix); the user is told, and only their
 * click lets it take over. The first install (no older worker) says nothing.
 */
export function serviceWorkerUpdates(
  container: WorkerContainer,
  reload: () => void,
  url = './sw.js',
): ServiceWorkerUpdates {
  let state: UpdateState = 'none';
  let registration: WorkerRegistration | undefined;
  let requested = false;
  // A page the browser loaded without a worker is not "old" when the first one takes over.
  const hadController = container.controller !== null;
  const listeners = new Set<() => void>();
  const set = (next: UpdateState) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  const waitingFound = () => {
    if (registration?.waiting && container.controller !== null) set('ready');
  };

  container.addEventListener('controllerchange', () => {
    if (requested) reload();
    else if (hadController) set('stale');
  });

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    apply() {
      const waiting = registration?.waiting;
      if (state === 'ready' && waiting) {
        requested = true;
        waiting.postMessage({ type: SKIP_WAITING });
      } else {
        reload();
      }
    },
    async register() {
      registration = await container.register(url);
      waitingFound();
      const found = registration;
      const follow = (installing: WaitingWorker | null) =>
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') waitingFound();
        });
      // A worker may already be installing (the browser checks at every visit).
      follow(found.installing);
      found.addEventListener('updatefound', () => follow(found.installing));
    },
    async check() {
      await registration?.update();
    },
  };
}
