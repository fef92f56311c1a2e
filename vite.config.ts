import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { LOOPBACK_HOSTS } from './src/net/lookup-url.js';
import { writeServiceWorker } from './src/offline/build-manifest.js';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Content-Security-Policy for the built app: scripts, styles, fonts, images and workers only from
 * our own origin; WebAssembly allowed for hash-wasm. Not applied to the dev server, whose HMR
 * needs inline scripts.
 *
 * connect-src allows any https:// and wss:// host, and plain http:// and ws:// on this machine
 * only (src/net/lookup-url.ts refuses the rest with a reason). It cannot list the hosts: they are
 * the ones the user types or confirms at the moment (a linked receipt's, the relays a receipt
 * names, a block explorer), and a policy in a <meta> tag can be narrowed at run time but never
 * widened. What guards the open https:/wss: instead: no script but the app's own can run
 * (script-src 'self', no inline script, no HTML made from receipt content), and the app's code
 * contacts a host only in src/net, only after a click on a button that names that host, without
 * cookies or referrer, and without following a redirect to another (receipt-link.ts).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  `connect-src 'self' https: wss: ${LOOPBACK_HOSTS.flatMap((host) => [`http://${host}:*`, `ws://${host}:*`]).join(' ')}`,
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'aer1-content-security-policy',
    apply: 'build',
    transformIndexHtml: (html) =>
      html.replace(
        '<meta charset="UTF-8" />',
        `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`,
      ),
  };
}

/** The script that applies the saved theme before the first paint (public/theme-init.js). */
const THEME_INIT = '<script src="./theme-init.js"></script>';

/**
 * The page's entry (src/boot.ts) imports the app (src/main.tsx) only once it has started what
 * the address asks to verify. The page names the app's chunks in a meta tag (`aer1-app-chunks`)
 * rather than as modulepreload: the entry preloads them once a link's first requests (its sample,
 * the verdict's painter) are under way, so that they do not take the connections and the cores
 * those wait for; on a page without a link it preloads them at once. (Vite names only the
 * entry's static imports.)
 *
 * The theme script goes last in the head: a script that blocks the parser before the entry's
 * tags held their fetches until it had arrived and run. The entry is async: it runs once its
 * chunks are here, without waiting for the stylesheet and the theme script as a deferred script
 * does, so that a link's Worker starts sooner (it waits for the page's body only to paint).
 */
function preloadApp(): Plugin {
  return {
    name: 'aer1-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = new Map<string, Rolldown.OutputChunk>();
        for (const file of Object.values(bundle))
          if (file.type === 'chunk') chunks.set(file.fileName, file);
        const app = [...chunks.values()].find((chunk) =>
          chunk.facadeModuleId?.endsWith('/src/main.tsx'),
        );
        if (!app) throw new Error('aer1-preload-app: no chunk for src/main.tsx');
        const files = new Set<string>();
        const visit = (name: string) => {
          if (files.has(name) || html.includes(`./${name}"`)) return;
          files.add(name);
          for (const next of chunks.get(name)?.imports ?? []) visit(next);
        };
        visit(app.fileName);
        const themeLine = `\n    ${THEME_INIT}`;
        if (!html.includes(themeLine)) throw new Error('aer1-preload-app: no theme script line');
        const entry = '<script type="module" crossorigin';
        if (!html.includes(entry)) throw new Error('aer1-preload-app: no module script');
        return {
          html: html
            .replace(entry, '<script type="module" async crossorigin')
            .replace(themeLine, '')
            .replace('</head>', `  ${THEME_INIT}\n  </head>`),
          tags: [
            {
              tag: 'meta',
              attrs: {
                name: 'aer1-app-chunks',
                content: [...files].map((file) => `./${file}`).join(' '),
              },
              injectTo: 'head' as const,
            },
          ],
        };
      },
    },
  };
}

/** Writes sw.js once the build is on disk (src/offline/build-manifest.ts). */
function offlineServiceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'aer1-offline-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      writeServiceWorker(outDir);
    },
  };
}

/**
 * Source maps are written beside the build, to `dist-sourcemaps/`, not into `dist/`: a static host
 * serves everything in its folder, and the maps (3 MB) are for the developers who build it.
 * Built files carry no `sourceMappingURL` ('hidden'); load a map by hand in the browser's tools.
 */
let sourceMapsCleared = false;
function sourceMapsOutside(): Plugin {
  const outDir = 'dist-sourcemaps';
  return {
    name: 'aer1-source-maps-outside-dist',
    apply: 'build',
    generateBundle(_options, bundle) {
      // The Worker's bundle is written before the page's: clear the folder once per build.
      if (!sourceMapsCleared) rmSync(outDir, { recursive: true, force: true });
      sourceMapsCleared = true;
      for (const [name, file] of Object.entries(bundle)) {
        if (!name.endsWith('.map') || file.type !== 'asset') continue;
        const path = join(outDir, name);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, file.source);
        delete bundle[name];
      }
    },
  };
}

/**
 * The build's id, which exported and printed reports carry beside the version so a saved report
 * names the code that checked it: the commit built, "+changes" when tracked files differ from it,
 * "unknown" outside a git checkout.
 */
function buildId(): string {
  const git = (...args: string[]) =>
    execFileSync('git', args, { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  try {
    const commit = git('rev-parse', '--short=12', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') === ''
      ? commit
      : `${commit}+changes`;
  } catch {
    return 'unknown';
  }
}

const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

// `base: './'` makes every asset URL relative, so the built folder works from any path prefix
// on any static host; routing uses the URL fragment, so no server rewrites are needed.
export default defineConfig({
  base: './',
  define: {
    __AER1_VERSION__: JSON.stringify(VERSION),
    __AER1_BUILD__: JSON.stringify(buildId()),
  },
  plugins: [react(), tailwindcss(), contentSecurityPolicy(), preloadApp(), offlineServiceWorker()],
  worker: {
    format: 'es',
    plugins: () => [sourceMapsOutside()],
    // The same declaration as the page's (build.rolldownOptions below): the Worker's bundles
    // are built on their own and did not have it, so a module the first chunk reached only
    // through src/core/index.ts (the JSON Lines splitter, which only the streamed files' chunk
    // uses) was kept in that first chunk.
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: /\/src\/core\//, sideEffects: false }] },
      // Everything a Worker's script imports statically is in its one first chunk. Modules it
      // shares with its lazy chunks (the bounds, the JSON pointer helpers) were chunks of their
      // own, fetched only once the script had arrived and been read: a second round trip before
      // the Worker could run.
      output: { codeSplitting: { groups: [{ name: 'first', tags: ['$initial'] }] } },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: 'hidden',
    rolldownOptions: {
      plugins: [sourceMapsOutside()],
      // The core is pure (no DOM, no globals, nothing runs on import: see src/core/index.ts), so
      // a module of it that the page does not use is dropped. Without this, one light import
      // (a label, a formatter) kept whole verifiers, hash-wasm and secp256k1 in the page.
      treeshake: { moduleSideEffects: [{ test: /\/src\/core\//, sideEffects: false }] },
    },
  },
  server: {
    port: 5173,
    // Open the app with the sample receipt loaded when a browser can be opened here.
    open:
      process.env.CI || (process.platform === 'linux' && !process.env.DISPLAY)
        ? false
        : '/#/?sample=valid-receipt',
  },
  preview: { port: 4173 },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'test/**/*.test.ts'],
    // The packed-package test has its own run (vitest.package.config.ts, npm run test:package).
    exclude: [...configDefaults.exclude, 'test/package/**'],
    environment: 'node',
    testTimeout: 30_000,
    // Vitest leaves a core free by default: on two cores that is one worker, and each file's
    // start-up (a process, its imports) runs on one core while the other idles.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
