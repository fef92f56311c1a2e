/**
 * Routes live in the URL fragment (hash history: `#/` and `#/about`), so the built folder works on
 * any static host and under any path prefix without server rewrite rules, and nothing about
 * what is being verified reaches a server log.
 */
import {
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { AboutPage } from './features/about/AboutPage';
import { VerifyPage } from './features/verify/VerifyPage';
import { Layout } from './layout';
import { parseSearch, stringifySearch, validateVerifySearch } from './search';

const rootRoute = createRootRoute({ component: Layout });

const verifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: validateVerifySearch,
  component: VerifyPage,
});

const aboutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/about',
  component: AboutPage,
});

const routeTree = rootRoute.addChildren([verifyRoute, aboutRoute]);

export const router = createRouter({
  routeTree,
  history: createHashHistory(),
  parseSearch,
  stringifySearch,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
