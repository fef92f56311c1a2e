import { useNavigate, useSearch } from '@tanstack/react-router';
import { buttonClass } from '../../components/Button';
import { SAMPLES } from '../../samples';
import { sampleDocuments } from '../../samples/sample-documents';
import { verification } from './verification';

/**
 * The bundled samples. Choosing one puts `?sample=<id>` in the URL (the route's loader verifies
 * it), so the address can be shared; choosing the sample already in the URL verifies it again.
 */
export function SamplesMenu() {
  const search = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  return (
    <details className="relative" data-testid="samples-menu">
      <summary className={buttonClass('secondary', 'md', 'cursor-pointer list-none')}>
        Samples ▾
      </summary>
      <ul className="fixed inset-x-4 z-10 mt-1 sm:absolute sm:inset-x-auto sm:w-80 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        {SAMPLES.map((sample) => (
          <li key={sample.id}>
            <button
              type="button"
              className="w-full rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
              onClick={(event) => {
                (event.currentTarget.closest('details') as HTMLDetailsElement).open = false;
                if (search.sample === sample.id) void verification.verify(sampleDocuments(sample));
                else void navigate({ search: { sample: sample.id } });
              }}
            >
              <span className="font-medium">{sample.label}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {sample.description}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
