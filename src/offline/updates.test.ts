import { describe, expect, it, vi } from 'vitest';
import { SKIP_WAITING } from './service-worker';
import { serviceWorkerUpdates, type WorkerContainer, type WorkerRegistration } from './updates';

/** A stand-in for navigator.serviceWorker and its registration. */
function browser(options: { controlled: boolean; waiting?: boolean }) {
  const listeners = new Map<string, (() => void)[]>();
  const on = (type: string, listener: () => void) =>
    listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  const fire = (type: string) => {
    for (const listener of listeners.get(type) ?? []) listener();
  };
  const waiting = { postMessage: vi.fn() };
  const installing = {
    state: 'installing',
    postMessage: vi.fn(),
    addEventListener: (_: 'statechange', l: () => void) => on('statechange', l),
  };
  const registration = {
    waiting: options.waiting ? waiting : null,
    installing: null as typeof installing | null,
    addEventListener: (_: 'updatefound', l: () => void) => on('updatefound', l),
    update: vi.fn(async () => undefined),
  } satisfies WorkerRegistration;
  const container = {
    controller: options.controlled ? {} : null,
    register: vi.fn(async () => registration),
    addEventListener: (_: 'controllerchange', l: () => void) => on('controllerchange', l),
  } satisfies WorkerContainer;
  /** A new build's worker installs and then waits. */
  const newBuildInstalls = () => {
    registration.installing = installing;
    fire('updatefound');
    installing.state = 'installed';
    registration.installing = null;
    registration.waiting = waiting;
    fire('statechange');
  };
  return { container, registration, waiting, installing, fire, newBuildInstalls };
}

describe('service worker updates on the page', () => {
  it('says nothing when the first worker installs and takes over', async () => {
    const b = browser({ controlled: false });
    const reload = vi.fn();
    const updates = serviceWorkerUpdates(b.container, reload);
    await updates.register();
    expect(b.container.register).toHaveBeenCalledWith('./sw.js');
    b.fire('controllerchange');
    expect(updates.getSnapshot()).toBe('none');
    expect(reload).not.toHaveBeenCalled();
  });

  it("offers the new build once it waits, and lets it take over only on the user's reload", async () => {
    const b = browser({ controlled: true });
    const reload = vi.fn();
    const updates = serviceWorkerUpdates(b.container, reload);
    const seen: string[] = [];
    updates.subscribe(() => seen.push(updates.getSnapshot()));
    await updates.register();
    expect(updates.getSnapshot()).toBe('none');
    b.newBuildInstalls();
    expect(seen).toEqual(['ready']);
    expect(b.waiting.postMessage).not.toHaveBeenCalled();
    updates.apply();
    expect(b.waiting.postMessage).toHaveBeenCalledWith({ type: SKIP_WAITING });
    // The page reloads only once the new worker controls it (so it loads the new build).
    expect(reload).not.toHaveBeenCalled();
    b.fire('controllerchange');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('offers a build that was already waiting when the page opened', async () => {
    const b = browser({ controlled: true, waiting: true });
    const updates = serviceWorkerUpdates(b.container, vi.fn());
    await updates.register();
    expect(updates.getSnapshot()).toBe('ready');
  });

  it('tells a tab left on the old build when another tab switched, and reloads it on click', async () => {
    const b = browser({ controlled: true });
    const reload = vi.fn();
    const updates = serviceWorkerUpdates(b.container, reload);
    await updates.register();
    b.fire('controllerchange');
    expect(updates.getSnapshot()).toBe('stale');
    expect(reload).not.toHaveBeenCalled();
    updates.apply();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('follows a worker that was already installing when the page registered', async () => {
    const b = browser({ controlled: true });
    const updates = serviceWorkerUpdates(b.container, vi.fn());
    b.registration.installing = b.installing;
    await updates.register();
    b.installing.state = 'installed';
    b.registration.installing = null;
    b.registration.waiting = b.waiting;
    b.fire('statechange');
    expect(updates.getSnapshot()).toBe('ready');
  });

  it('asks the server for a newer build when told to', async () => {
    const b = browser({ controlled: true });
    const updates = serviceWorkerUpdates(b.container, vi.fn());
    await updates.check();
    expect(b.registration.update).not.toHaveBeenCalled();
    await updates.register();
    await updates.check();
    expect(b.registration.update).toHaveBeenCalledOnce();
  });
});
