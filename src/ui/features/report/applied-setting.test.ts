/**
 * The setting a result was verified under (#12): a share link's setting applies to what the link
 * opened (its clock policy goes to the Worker) and is reported as the link's; the saved setting
 * applies otherwise and again once the user changes it or loads other input.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { InputDocument } from '../../../core';
import type { VerifyOutcome } from '../../../worker/client';
import { Verification } from '../verify/verification';
import {
  cliCommand,
  describeSetting,
  settingFromLink,
  verdictSetting,
  writeProfileSetting,
} from './profile-setting';

function fakeClient() {
  const calls: { options: { verifyOptions?: unknown }; resolve: (o: VerifyOutcome) => void }[] = [];
  return {
    calls,
    client: {
      verify: (_inputs: InputDocument[], options: { verifyOptions?: unknown } = {}) =>
        new Promise<VerifyOutcome>((resolve) => calls.push({ options, resolve })),
      cancel: () => undefined,
    },
  };
}

const outcome: VerifyOutcome = {
  results: [{ report: { source: 'r.json' } } as VerifyOutcome['results'][number]],
  unplaced: [],
  elapsedMs: 1,
};
const doc = [{ name: 'r.json', text: '{"a":1}' }];

// Node has no localStorage: a small one stands in for the device's.
const store = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  },
});
afterEach(() => store.clear());

async function settle(
  calls: ReturnType<typeof fakeClient>['calls'],
  done: Promise<void>,
): Promise<void> {
  calls[calls.length - 1]?.resolve(outcome);
  await done;
}

describe('the setting a result was verified under', () => {
  it('a link’s setting: its policy goes to the Worker and the result says it came from the link', async () => {
    writeProfileSetting({ profile: 'core', maxFuture: '', maxAge: '' });
    const { client, calls } = fakeClient();
    const session = new Verification(client);
    const link = settingFromLink({ profile: 'strict', maxAge: '1d' });
    session.setLinkSetting(link?.setting);
    await settle(calls, session.verify(doc, { origin: { type: 'share-link' } }));
    expect(calls[0]?.options.verifyOptions).toEqual({ maxAgeMs: 86_400_000 });
    expect(session.getSnapshot().applied).toEqual({
      from: 'link',
      setting: { profile: 'strict', maxFuture: '', maxAge: '1d' },
    });
    // Re-checks of what the link opened keep it.
    await settle(calls, session.verifyText('{"a":2}'));
    expect(session.getSnapshot().applied?.from).toBe('link');
  });

  it('the saved setting otherwise, and again after the user changes it', async () => {
    writeProfileSetting({ profile: 'disinterested', maxFuture: '5m', maxAge: '' });
    const { client, calls } = fakeClient();
    const session = new Verification(client);
    await settle(calls, session.verify(doc));
    expect(calls[0]?.options.verifyOptions).toEqual({ maxFutureMs: 300_000 });
    expect(session.getSnapshot().applied).toEqual({
      from: 'saved',
      setting: { profile: 'disinterested', maxFuture: '5m', maxAge: '' },
    });

    session.setLinkSetting({ profile: 'strict', maxFuture: '', maxAge: '' });
    await settle(calls, session.verify(doc));
    expect(session.getSnapshot().applied?.from).toBe('link');
    // A new profile only: no new verification, the result now reads under the user's setting.
    const mine = { profile: 'strict' as const, maxFuture: '', maxAge: '' };
    writeProfileSetting(mine);
    session.settingChanged(mine);
    expect(calls).toHaveLength(2);
    expect(session.getSnapshot().applied).toEqual({ from: 'saved', setting: mine });
    // A new clock policy verifies again under it.
    const withPolicy = { ...mine, maxAge: '2d' };
    writeProfileSetting(withPolicy);
    session.settingChanged(withPolicy);
    expect(calls).toHaveLength(3);
    expect(calls[2]?.options.verifyOptions).toEqual({ maxAgeMs: 172_800_000 });
  });

  it('other input drops a link’s setting', async () => {
    const { client, calls } = fakeClient();
    const session = new Verification(client);
    session.setLinkSetting({ profile: 'strict', maxFuture: '', maxAge: '' });
    session.clear();
    await settle(calls, session.verify(doc));
    expect(session.getSnapshot().applied?.from).toBe('saved');
  });

  it('is described in words', () => {
    expect(describeSetting({ profile: 'core', maxFuture: '', maxAge: '' })).toBe(
      'core (the draft) · no clock policy',
    );
    expect(describeSetting({ profile: 'strict', maxFuture: '5m', maxAge: 'x' })).toBe(
      'strict (reference implementations) · clock policy: at most 5m ahead of the clock',
    );
  });

  it('is stated as the command line that reads the verdict the same way', () => {
    expect(cliCommand({ profile: 'core', maxFuture: '', maxAge: '' })).toBe('aer1-verify');
    expect(cliCommand({ profile: 'strict', maxFuture: '5m', maxAge: 'nonsense' })).toBe(
      'aer1-verify --profile strict --max-future 5m',
    );
    expect(
      verdictSetting({ setting: { profile: 'strict', maxFuture: '', maxAge: '1d' }, from: 'link' }),
    ).toEqual({ profile: 'strict', clockPolicy: true, fromLink: true });
    expect(
      verdictSetting({ setting: { profile: 'core', maxFuture: 'x', maxAge: '' }, from: 'saved' }),
    ).toEqual({ profile: 'core', clockPolicy: false });
  });
});
