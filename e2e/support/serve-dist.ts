/**
 * A plain static file server for the built app: no rewrites, no special headers, the way any
 * static host or CDN serves it. The same folder is also served under /nested/prefix/ to prove the
 * app works from a sub-folder.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
};

export const NESTED_PREFIX = '/nested/prefix/';

/** `pages`: more HTML pages to answer, by path (`/blank.html`), beside the folder's files. */
export function startStaticServer(root: string, port: number, pages: Record<string, string> = {}) {
  const base = resolve(root);
  const server = createServer((request, response) => {
    let path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const page = pages[path];
    if (page !== undefined) {
      response.writeHead(200, { 'content-type': TYPES['.html'] as string });
      response.end(page);
      return;
    }
    if (path.startsWith(NESTED_PREFIX)) path = '/' + path.slice(NESTED_PREFIX.length);
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(base, path));
    if (!file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise<typeof server>((ready) =>
    server.listen(port, '127.0.0.1', () => ready(server)),
  );
}

if (process.argv[1] && /serve-dist\.ts$/.test(process.argv[1])) {
  const port = Number(process.argv[2] ?? 4391);
  if (!existsSync('dist/index.html')) {
    process.stderr.write('dist/ is missing: run `npm run build` first\n');
    process.exit(1);
  }
  void startStaticServer('dist', port).then(() =>
    process.stdout.write(`serving dist/ on http://127.0.0.1:${port}/\n`),
  );
}
