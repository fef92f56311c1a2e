/**
 * The document as parsed, for reference: a tree whose objects and arrays open on a click and
 * show their members a page at a time. Only the top level is open at first, and it too shows
 * RAW_PAGE members until asked for more, so a receipt with 100,000 extra members or a
 * 200,000-member array costs the page a hundred rows, not seconds (issue 13 item 5).
 * react-json-view-lite, used before (the stack's choice), rendered every member of every open
 * node and has no paging, so the receipt with 100,000 extra members (hostile-inputs e2e) held
 * the main thread several times longer with it. Strings and member names are shown isolated,
 * with invisible characters made visible (<Untrusted>).
 */
import { useMemo, useState } from 'react';
import { withThousands } from '../../../core';
import { Card } from '../../components/Card';
import { Untrusted } from '../../components/Untrusted';

/** Members shown per page of an open object or array. */
export const RAW_PAGE = 100;

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container =>
  value !== null && typeof value === 'object';

function count(value: Container): number {
  return Array.isArray(value) ? value.length : Object.keys(value).length;
}

function Scalar({ value }: { value: unknown }) {
  if (typeof value === 'string')
    return (
      <span className="text-emerald-700 dark:text-orange-300">
        &quot;
        <Untrusted value={value} />
        &quot;
      </span>
    );
  return (
    <span className="text-sky-700 dark:text-sky-300">
      {value === null ? 'null' : String(value as number | boolean)}
    </span>
  );
}

function Label({ name }: { name: string | number | undefined }) {
  if (name === undefined) return null;
  return (
    <span className="text-slate-600 dark:text-slate-400">
      {typeof name === 'number' ? name : <Untrusted value={name} />}:{' '}
    </span>
  );
}

function Members({ value }: { value: Container }) {
  const [shown, setShown] = useState(RAW_PAGE);
  // Keys of an object are listed once per open node; an array is sliced by index.
  const keys = useMemo(() => (Array.isArray(value) ? undefined : Object.keys(value)), [value]);
  const total = keys ? keys.length : (value as unknown[]).length;
  const end = Math.min(shown, total);
  const rows = [];
  for (let i = 0; i < end; i++) {
    const name = keys ? (keys[i] as string) : i;
    const child = keys ? (value as Record<string, unknown>)[name] : (value as unknown[])[i];
    rows.push(
      <li key={i}>
        <JsonNode name={name} value={child} />
      </li>,
    );
  }
  return (
    <>
      <ul className="ml-4 border-l border-slate-200 pl-2 dark:border-slate-700">{rows}</ul>
      {end < total && (
        <button
          type="button"
          className="ml-4 text-xs underline"
          data-testid="raw-json-more"
          onClick={() => setShown((n) => n + RAW_PAGE)}
        >
          Show {withThousands(Math.min(RAW_PAGE, total - end))} more ({withThousands(end)} of{' '}
          {withThousands(total)} shown)
        </button>
      )}
    </>
  );
}

function JsonNode({
  name,
  value,
  initiallyOpen = false,
}: {
  name?: string | number;
  value: unknown;
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  if (!isContainer(value))
    return (
      <span>
        <Label name={name} />
        <Scalar value={value} />
      </span>
    );
  const n = count(value);
  const brackets = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  const size = `${withThousands(n)} ${Array.isArray(value) ? (n === 1 ? 'item' : 'items') : n === 1 ? 'member' : 'members'}`;
  return (
    <div>
      <button
        type="button"
        className="text-left"
        aria-expanded={n === 0 ? undefined : open}
        disabled={n === 0}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">{n === 0 ? ' ' : open ? '▾ ' : '▸ '}</span>
        <Label name={name} />
        {brackets[0]}
        {!open && <span className="text-slate-600 dark:text-slate-400"> {size} </span>}
        {!open && brackets[1]}
      </button>
      {open && (
        <>
          <Members value={value} />
          <span>{brackets[1]}</span>
        </>
      )}
    </div>
  );
}

export function RawJson({ raw, omitted }: { raw: unknown; omitted?: string }) {
  return (
    <Card title="Raw JSON" laidOutWhenNear>
      {omitted ? (
        <p className="text-sm">{omitted}</p>
      ) : (
        <div className="overflow-auto font-mono text-xs" data-testid="raw-json">
          <JsonNode value={raw} initiallyOpen />
        </div>
      )}
    </Card>
  );
}
