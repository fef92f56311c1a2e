/**
 * A tiny Nostr relay for tests (NIP-01 subset): answers ["REQ", sub, filter…] with the matching
 * stored events, then ["EOSE", sub]. Filters understand ids, authors, kinds and limit. Listens on
 * 127.0.0.1 on a random port. `behaviour` makes misbehaving relays for failure tests.
 */
import { WebSocketServer, type WebSocket } from 'ws';

export interface LocalRelayOptions {
  /**
   * 'normal': events then EOSE. 'silent': never answers a REQ (timeouts).
   * 'drop': closes the connection on REQ. 'closed': answers ["CLOSED", sub, reason].
   */
  behaviour?: 'normal' | 'silent' | 'drop' | 'closed';
}

export interface LocalRelay {
  url: string;
  /** Every client message received, parsed, in order (to assert on REQ/CLOSE). */
  received: unknown[];
  close(): Promise<void>;
}

interface StoredEvent {
  id?: unknown;
  pubkey?: unknown;
  kind?: unknown;
  [key: string]: unknown;
}

interface Filter {
  ids?: unknown;
  authors?: unknown;
  kinds?: unknown;
  limit?: unknown;
}

function matches(event: StoredEvent, filter: Filter): boolean {
  const within = (list: unknown, value: unknown): boolean =>
    !Array.isArray(list) || list.includes(value);
  return (
    within(filter.ids, event.id) &&
    within(filter.authors, event.pubkey) &&
    within(filter.kinds, event.kind)
  );
}

export async function startLocalRelay(
  events: (object | string)[],
  options: LocalRelayOptions = {},
): Promise<LocalRelay> {
  const stored = events.map((e) => (typeof e === 'string' ? JSON.parse(e) : e) as StoredEvent);
  const behaviour = options.behaviour ?? 'normal';
  const received: unknown[] = [];
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));

  server.on('connection', (socket: WebSocket) => {
    socket.on('message', (data) => {
      let message: unknown;
      try {
        message = JSON.parse(String(data));
      } catch {
        socket.send(JSON.stringify(['NOTICE', 'invalid: not JSON']));
        return;
      }
      received.push(message);
      if (!Array.isArray(message) || message[0] !== 'REQ' || typeof message[1] !== 'string') return;
      const sub = message[1];
      if (behaviour === 'silent') return;
      if (behaviour === 'drop') {
        socket.terminate();
        return;
      }
      if (behaviour === 'closed') {
        socket.send(JSON.stringify(['CLOSED', sub, 'blocked: test relay refuses subscriptions']));
        return;
      }
      const filters = message.slice(2) as Filter[];
      const sent = new Set<StoredEvent>();
      for (const filter of filters) {
        const limit = typeof filter.limit === 'number' ? filter.limit : Infinity;
        let count = 0;
        for (const event of stored) {
          if (count >= limit || sent.has(event) || !matches(event, filter)) continue;
          sent.add(event);
          count++;
          socket.send(JSON.stringify(['EVENT', sub, event]));
        }
      }
      socket.send(JSON.stringify(['EOSE', sub]));
    });
  });

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `ws://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
