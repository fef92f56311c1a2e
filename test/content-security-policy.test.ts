/**
 * The page's Content-Security-Policy (vite.config.ts): connect-src names no host it need not,
 * and agrees with what the lookups accept (src/net/lookup-url.ts).
 */
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../vite.config';
import { lookupUrlProblem } from '../src/net/lookup-url';

const connectSrc = /(?:^|; )connect-src ([^;]+)/.exec(CONTENT_SECURITY_POLICY)?.[1]?.split(' ');

describe('the page CSP connect-src', () => {
  it('allows any https/wss host (typed by the user) and plain http/ws on this machine only', () => {
    expect(connectSrc).toEqual([
      "'self'",
      'https:',
      'wss:',
      'http://localhost:*',
      'ws://localhost:*',
      'http://127.0.0.1:*',
      'ws://127.0.0.1:*',
    ]);
    expect(connectSrc).not.toContain('http:');
    expect(connectSrc).not.toContain('ws:');
  });
  it('matches what the lookups accept', () => {
    for (const ok of [
      'https://a.example/x',
      'wss://r.example',
      'http://localhost:1/x',
      'ws://127.0.0.1:9',
    ])
      expect(lookupUrlProblem(new URL(ok)), ok).toBeUndefined();
    for (const refused of [
      'http://a.example/x',
      'ws://r.example',
      'http://[::1]:1/',
      'ftp://a.example/',
    ])
      expect(lookupUrlProblem(new URL(refused)), refused).toBeDefined();
  });
});
