import { collapseAllNested, darkStyles, defaultStyles, JsonView } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';
import { Card } from '../../components/Card';
import { useIsDark } from '../../theme';

/** The library's dark strings are 3.25:1 on its background; a lighter orange is above 4.5:1. */
const DARK = { ...darkStyles, stringValue: 'text-orange-300' };

/** The document as parsed, for reference; react-json-view-lite renders text nodes only. */
export function RawJson({ raw, omitted }: { raw: unknown; omitted?: string }) {
  const dark = useIsDark();
  return (
    <Card title="Raw JSON">
      {omitted ? (
        <p className="text-sm">{omitted}</p>
      ) : raw !== null && typeof raw === 'object' ? (
        <div className="overflow-auto text-xs" data-testid="raw-json">
          <JsonView
            data={raw as object}
            shouldExpandNode={collapseAllNested}
            style={dark ? DARK : defaultStyles}
          />
        </div>
      ) : (
        <pre className="text-xs">{JSON.stringify(raw)}</pre>
      )}
    </Card>
  );
}
