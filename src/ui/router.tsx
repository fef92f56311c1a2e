/**
 * Routes live in the URL fragment (hash history: `#/`, `#/about`, `#/rules`), so the built folder
 * works on any static host and under any path prefix without server rewrite rules, and nothing
 * about what is being verified reaches a server log. A share link's fragment (`#r=…`) is read as
 * the verify route's search where it is (routerHref).
 */
import { createBrowserHistory, parseHref } from '@tanstack/history';
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router';
import { isShareFragment } from '../share/share-url';
import { loadUrlInput } from './features/verify/url-input';
import { VerifyPage } from './features/verify/VerifyPage';
import { Layout, NotFoundPage } from './layout';
import {
  inputSearch,
  parseSearch,
  routerHref,
  stringifySearch,
  validateFormatSearch,
  validateRulesSearch,
  validateVerifySearch,
} from './search';

const rootRoute = createRootRoute({ component: Layout, notFoundComponent: NotFoundPage });

const verifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: validateVerifySearch,
  // The loader, not an effect, acts on what the URL carries (?sample=, #r=, ?src=). It runs on
  // each navigation to this route (a sample chosen, a share link opened in this tab), before the
  // page renders, and starts the page's session (features/verify/verification.ts) on it.
  // A permalink's place in the report (`at=`) is not input: moving it re-verifies nothing.
  loaderDeps: ({ search }) => inputSearch(search),
  loader: ({ deps }) => loadUrlInput(deps),
  component: VerifyPage,
});

// Pages other than the verifier load when opened, so landing carries only the verifier.
const aboutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/about',
  component: lazyRouteComponent(() => import('./features/about/AboutPage'), 'AboutPage'),
});

const rulesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/rules',
  // `?rule=<id>`: a report's rule id opens the page at its row.
  validateSearch: validateRulesSearch,
  // The rule catalogue names every rule of every kind: loaded when this page is opened.
  component: lazyRouteComponent(() => import('./features/rules/RulesPage'), 'RulesPage'),
});

// The sections of the format the rules implement, each with its rules (from the catalogue).
const formatRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/format',
  validateSearch: validateFormatSearch,
  component: lazyRouteComponent(() => import('./features/rules/FormatPage'), 'FormatPage'),
});

// The self-test bundles every golden vector: loaded only when this page is opened.
const conformanceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/conformance',
  component: lazyRouteComponent(
    () => import('./features/conformance/ConformancePage'),
    'ConformancePage',
  ),
});

const routeTree = rootRoute.addChildren([
  verifyRoute,
  aboutRoute,
  rulesRoute,
  formatRoute,
  conformanceRoute,
]);

/**
 * A share link opened in a tab that already shows the app is a navigation within the page: the
 * browser's own work for an address of up to megabytes comes in one task with its popstate
 * event. The router reads such an address in the next task (the event is held back and sent
 * again), so that the two do not make one long task.
 */
const heldPops = new WeakSet<Event>();
window.addEventListener(
  'popstate',
  (event) => {
    if (heldPops.has(event) || !isShareFragment(window.location.hash.slice(1))) return;
    event.stopImmediatePropagation();
    setTimeout(() => {
      const again = new PopStateEvent('popstate', { state: event.state as unknown });
      heldPops.add(again);
      window.dispatchEvent(again);
    }, 0);
  },
  { capture: true },
);

export const router = createRouter({
  routeTree,
  // Hash history (as createHashHistory makes it), reading the address through routerHref.
  history: createBrowserHistory({
    parseLocation: () =>
      parseHref(routerHref(window.location.hash, window.location.search), window.history.state),
    createHref: (href) => `${window.location.pathname}${window.location.search}#${href}`,
  }),
  parseSearch,
  stringifySearch,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
