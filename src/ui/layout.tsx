import { Link, Outlet } from '@tanstack/react-router';
import { Select } from './components/Select';
import { useTheme, type ThemeChoice } from './theme';

const navClass =
  'rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800 [&.active]:font-semibold [&.active]:underline';

export function Layout() {
  const [theme, setTheme] = useTheme();
  return (
    <div className="flex min-h-screen flex-col">
      {/* Moves focus without touching the URL: the fragment holds the route (#main would
          replace it, and a reload would show "Not Found"). */}
      <a
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          const main = document.getElementById('main');
          main?.focus();
          main?.scrollIntoView();
        }}
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-teal-800 focus:px-3 focus:py-2 focus:text-white focus:shadow-lg"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 dark:border-slate-800 print:hidden">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <Link to="/" className="flex items-center gap-2 font-semibold">
            <img src="./favicon.svg" alt="" className="h-6 w-6" />
            AER-1 Verifier
          </Link>
          <nav aria-label="Main" className="flex items-center gap-1">
            <Link to="/" className={navClass} activeOptions={{ exact: true, includeSearch: false }}>
              Verify
            </Link>
            <Link to="/rules" className={navClass}>
              Rules
            </Link>
            <Link to="/about" className={navClass}>
              About
            </Link>
            <label className="ml-2 flex items-center gap-1 text-sm">
              <span className="sr-only sm:not-sr-only">Theme</span>
              <Select
                value={theme}
                onChange={(e) => setTheme(e.target.value as ThemeChoice)}
                className="text-sm"
                aria-label="Colour theme"
              >
                <option value="system">System</option>
                <option value="light">Light</option>
                <option value="dark">Dark</option>
              </Select>
            </label>
          </nav>
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none"
      >
        <Outlet />
      </main>
      <footer className="print:text-black border-t border-slate-200 py-4 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        <p>
          Every check runs in this browser. Nothing you paste or drop is uploaded. No analytics, no
          third-party scripts or fonts.
        </p>
        <nav aria-label="Footer" className="mt-1 print:hidden">
          <Link to="/rules" className="underline">
            The rules this verifier checks
          </Link>
          {' · '}
          <Link to="/conformance" className="underline">
            Self-test: run every vector in this browser
          </Link>
        </nav>
      </footer>
    </div>
  );
}

/** An address the app has no page for (a mistyped or outdated link): say so, and lead back. */
export function NotFoundPage() {
  return (
    <section className="space-y-2" data-testid="not-found">
      <h1 className="text-lg font-semibold">No page at this address</h1>
      <p className="text-sm">
        This verifier has no page here: the link may be mistyped or from another version of the app.
        Nothing was verified.
      </p>
      <p className="text-sm">
        <Link to="/" className="text-teal-700 underline dark:text-teal-300">
          Go to the verifier
        </Link>
      </p>
    </section>
  );
}
