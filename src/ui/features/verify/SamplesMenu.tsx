import { useNavigate, useSearch } from '@tanstack/react-router';
import { Menu } from '../../components/Menu';
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
    <Menu
      label="Samples ▾"
      testId="samples-menu"
      wide
      items={SAMPLES.map((sample) => ({
        key: sample.id,
        label: sample.label,
        description: sample.description,
        onSelect: () => {
          if (search.sample === sample.id)
            void verification.verifySample(() => sampleDocuments(sample));
          else void navigate({ search: { sample: sample.id } });
        },
      }))}
    />
  );
}
