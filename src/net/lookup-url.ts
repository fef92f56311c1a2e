/**
 * Which addresses the opt-in lookups may contact: any host over https:// or wss://, and plain
 * http:// or ws:// only on this machine. The page's Content-Security-Policy says the same
 * (connect-src, built from LOOPBACK_HOSTS in vite.config.ts), so an address is refused here,
 * with a reason, before the browser would block it without one.
 */

/** The hosts plain http:// and ws:// may reach (CSP host sources cannot name [::1]). */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1'] as const;

/** Why the page will not contact `url`; undefined when it may (after the user confirms). */
export function lookupUrlProblem(url: URL): string | undefined {
  if (url.protocol === 'https:' || url.protocol === 'wss:') return undefined;
  if (url.protocol !== 'http:' && url.protocol !== 'ws:')
    return `${url.protocol.replace(/:$/, '')} addresses are not contacted`;
  if ((LOOPBACK_HOSTS as readonly string[]).includes(url.hostname)) return undefined;
  const secure = url.protocol === 'http:' ? 'https://' : 'wss://';
  return `plain ${url.protocol}// goes only to this machine (localhost); use ${secure} for ${url.host}`;
}
