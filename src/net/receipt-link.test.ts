import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RESOLVER, fetchReceipt, resolveLinkTarget } from './receipt-link';

describe('what a link resolves to', () => {
  it('takes a URL as it is', () => {
    expect(resolveLinkTarget(' https://host.example/r/1.json ')).toEqual({
      ok: true,
      url: 'https://host.example/r/1.json',
      host: 'host.example',
      viaResolver: false,
    });
  });
  it('resolves a bare id and a /run/<id> URL through the resolver', () => {
    const id = 'B6C63AC5-f324-4fa7-ad58-c4bf83faa86a';
    const expected = {
      ok: true,
      url: DEFAULT_RESOLVER.replace('{id}', id.toLowerCase()),
      host: 'zambo.dev',
      askedId: id.toLowerCase(),
      viaResolver: true,
    };
    expect(resolveLinkTarget(id)).toEqual(expected);
    expect(resolveLinkTarget(`https://zambo.dev/run/${id}`)).toEqual(expected);
    expect(resolveLinkTarget(id, 'http://127.0.0.1:9/r/{id}.json')).toMatchObject({
      url: `http://127.0.0.1:9/r/${id.toLowerCase()}.json`,
    });
  });
  it('says browsers refuse URLs with a user name, rather than blaming CORS later', () => {
    expect(resolveLinkTarget('http://a@b.example/r.json')).toMatchObject({
      ok: false,
      message: expect.stringContaining('browsers refuse to fetch such URLs'),
    });
    expect(resolveLinkTarget('https://u:p@b.example/r.json')).toMatchObject({ ok: false });
  });
  it('refuses plain http to another host than this machine, as the page CSP does', () => {
    expect(resolveLinkTarget('http://host.example/r.json')).toMatchObject({
      ok: false,
      message: expect.stringContaining(
        'plain http:// goes only to this machine (localhost); use https:// for host.example',
      ),
    });
    expect(resolveLinkTarget('http://localhost:8080/r.json')).toMatchObject({ ok: true });
    expect(resolveLinkTarget('http://127.0.0.1:8080/r.json')).toMatchObject({ ok: true });
    expect(
      resolveLinkTarget('b6c63ac5-f324-4fa7-ad58-c4bf83faa86a', 'http://resolver.example/{id}'),
    ).toMatchObject({ ok: false, message: expect.stringContaining('resolver address is refused') });
  });
  it('explains what it cannot use', () => {
    expect(resolveLinkTarget('')).toMatchObject({ ok: false });
    expect(resolveLinkTarget('ftp://x.example/a')).toMatchObject({
      ok: false,
      message: expect.stringContaining('neither'),
    });
    expect(
      resolveLinkTarget('b6c63ac5-f324-4fa7-ad58-c4bf83faa86a', 'https://x.example/'),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining('{id}'),
    });
  });
});

describe('fetching a linked receipt', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/ok.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"id":"x"}');
      } else if (req.url === '/chunked') {
        // No Content-Length: the size is known only by counting.
        res.writeHead(200, { 'content-type': 'application/json' });
        for (let i = 0; i < 8; i++) res.write('x'.repeat(1000));
        res.end();
      } else if (req.url === '/bad%zzname.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"id":"x"}');
      } else if (req.url === '/elsewhere.json') {
        // To another host (localhost is another origin than 127.0.0.1), which serves a receipt.
        res.writeHead(302, { location: `${base.replace('127.0.0.1', 'localhost')}/ok.json` });
        res.end();
      } else if (req.url === '/moved.json') {
        res.writeHead(301, { location: '/ok.json' });
        res.end();
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('late'), 2000);
      } else {
        res.writeHead(404, 'Not Found');
        res.end();
      }
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('returns the bytes', async () => {
    const outcome = await fetchReceipt(`${base}/ok.json`);
    expect(outcome.ok && new TextDecoder().decode(outcome.bytes)).toBe('{"id":"x"}');
  });
  it('counts the bytes of a chunked answer and stops at the limit', async () => {
    expect(await fetchReceipt(`${base}/chunked`, fetch, 5000, 3000)).toMatchObject({
      ok: false,
      message: expect.stringContaining('is larger than'),
    });
    const whole = await fetchReceipt(`${base}/chunked`, fetch, 5000, 8000);
    expect(whole.ok && whole.bytes.length).toBe(8000);
  });
  it('keeps a file name with a malformed % escape as written', async () => {
    expect(await fetchReceipt(`${base}/bad%zzname.json`)).toMatchObject({
      ok: true,
      name: expect.stringMatching(/\/bad%zzname\.json$/),
    });
  });
  it('refuses a redirect to another host, naming it, and loads nothing from there', async () => {
    const outcome = await fetchReceipt(`${base}/elsewhere.json`);
    expect(outcome).toMatchObject({ ok: false });
    expect(!outcome.ok && outcome.message).toMatch(
      new RegExp(
        `^127\\.0\\.0\\.1:\\d+ answered with a redirect to localhost:\\d+, which this page does not follow`,
      ),
    );
  });
  it('does not follow a redirect on the same host either (a page cannot see where one leads)', async () => {
    const outcome = await fetchReceipt(`${base}/moved.json`);
    expect(!outcome.ok && outcome.message).toMatch(
      /a redirect to another address on 127\.0\.0\.1:\d+/,
    );
  });
  it('refuses a response that says it came from another origin (a fetch that followed anyway)', async () => {
    const followed = (async () => {
      const response = new Response('{"id":"x"}', { status: 200 });
      Object.defineProperty(response, 'url', { value: 'https://other.example/r.json' });
      Object.defineProperty(response, 'redirected', { value: true });
      return response;
    }) as typeof fetch;
    const outcome = await fetchReceipt('https://confirmed.example/r.json', followed);
    expect(!outcome.ok && outcome.message).toMatch(
      /^confirmed\.example answered with a redirect to other\.example/,
    );
  });
  it('explains an HTTP error', async () => {
    expect(await fetchReceipt(`${base}/missing`)).toMatchObject({
      ok: false,
      message: expect.stringContaining('404'),
    });
  });
  it('explains a time-out', async () => {
    expect(await fetchReceipt(`${base}/slow`, fetch, 200)).toMatchObject({
      ok: false,
      message: expect.stringContaining('did not answer'),
    });
  });
  it('explains a network failure (CORS and unreachable hosts look the same to a page)', async () => {
    const outcome = await fetchReceipt('http://127.0.0.1:1/none.json');
    expect(outcome).toMatchObject({ ok: false, message: expect.stringContaining('CORS') });
  });
});
