/**
 * Whether the page is shown inside another page's frame. A <meta> CSP cannot forbid framing
 * (the host's frame-ancestors header does, see docs/deploying.md); when framed anyway, actions
 * that contact the network are switched off: the framing site could steer the click.
 */
export function isFramed(w: { self: unknown; top: unknown } = window): boolean {
  try {
    return w.self !== w.top;
  } catch {
    // A cross-origin top throws on some engines: that is framed too.
    return true;
  }
}

export const FRAMED_NOTICE =
  'This page is shown inside another site, so it does not contact the network from here (that site could steer the click).';
