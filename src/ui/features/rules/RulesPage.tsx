import { Link, useSearch } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { RULE_CATALOGUE, type Rule } from '../../../core';
import { Badge } from '../../components/Badge';
import { TextInput } from '../../components/TextInput';
import { DIMENSION_INFO } from '../../selectors/dimensions';
import { statusTone } from '../../selectors/verdict';
import { formatReferenceOf, sectionSlug } from './format-sections';
import { filterRules, ruleMessages, ruleSource } from './rule-rows';
import { useBringIntoView } from './useBringIntoView';

/** A rule id with break opportunities after its dots, so long ids wrap between their parts. */
function RuleId({ id }: { id: string }) {
  const parts = id.split('.');
  return (
    <code>
      {parts.map((part, i) => (
        <span key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              .<wbr />
            </>
          )}
        </span>
      ))}
    </code>
  );
}

function RuleRow({ rule, target }: { rule: Rule; target: boolean }) {
  // The rule a report linked to: brought into view with focus on its id, and marked.
  const header = useRef<HTMLTableCellElement>(null);
  useBringIntoView(header, target, 'center');
  const source = ruleSource(rule);
  return (
    <tr
      data-testid="rule-row"
      data-rule={rule.id}
      data-target={target}
      className={`border-t border-slate-200 align-top dark:border-slate-800 ${target ? 'bg-teal-50 ring-2 ring-teal-600 ring-inset dark:bg-teal-950' : ''}`}
    >
      <th
        ref={header}
        scope="row"
        tabIndex={target ? -1 : undefined}
        className="scroll-mt-4 py-2 pr-3 text-left font-normal focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-500"
      >
        <RuleId id={rule.id} />
      </th>
      <td className="py-2 pr-3">
        {DIMENSION_INFO[rule.dimension].title}{' '}
        <code className="block text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">
          {rule.dimension}
        </code>
        {rule.aloneDimension && (
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            verified on its own: {DIMENSION_INFO[rule.aloneDimension].title}
          </span>
        )}
      </td>
      <td className="py-2 pr-3" data-testid="rule-section">
        <span className="whitespace-nowrap">{source.section}</span>
        {source.since && (
          <span className="block text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">
            {source.since}
          </span>
        )}
        {source.origin && (
          <span className="block text-xs text-slate-600 dark:text-slate-400">{source.origin}</span>
        )}
      </td>
      <td className="py-2 pr-3 whitespace-nowrap">
        <Link
          to="/format"
          search={{ section: sectionSlug(formatReferenceOf(rule)) }}
          // The Format page brings the section into view itself.
          resetScroll={false}
          className="text-teal-700 underline dark:text-teal-300"
          title="The section of the project's format reference that restates this rule"
        >
          {formatReferenceOf(rule)}
        </Link>
      </td>
      <td className="py-2">
        <ul className="space-y-1">
          {ruleMessages(rule).map(({ status, template }) => (
            <li key={status} className="flex flex-wrap items-baseline gap-2">
              <Badge tone={statusTone(status)} />
              <code className="text-xs break-words">{template}</code>
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

/**
 * Every rule this verifier checks, generated from the rule catalogue the checks themselves use:
 * the one place a user or another implementer sees exactly what is checked and with which words.
 */
export function RulesPage() {
  const { rule: linked } = useSearch({ from: '/rules' });
  const [query, setQuery] = useState('');
  const rules = filterRules(RULE_CATALOGUE, query);
  return (
    <article className="space-y-4 text-sm leading-6">
      <header className="max-w-3xl space-y-2">
        <h1 className="text-2xl font-semibold">Rules</h1>
        <p>
          Every rule this verifier checks ({RULE_CATALOGUE.length}), with the dimension it reports
          under, the section of <code>draft-zambo-aer1</code> it comes from (and the revision it
          first appears in, when later than -00; a rule the draft does not state itself says whose
          it is), and the message it gives for each outcome. The <Badge tone={statusTone('fail')} />{' '}
          message comes first: it carries the reference wording, so reports from other
          implementations can be compared with ours. Words in angle brackets, such as{' '}
          <code>&lt;name&gt;</code>, are filled in from the document checked.
        </p>
        <p>
          Each section links to the{' '}
          <Link to="/format" className="underline">
            sections of the format
          </Link>
          , where it is listed with every rule that implements it. How the outcomes combine into a
          verdict is explained on the{' '}
          <Link to="/about" className="underline">
            About page
          </Link>
          .
        </p>
      </header>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex flex-1 flex-wrap items-center gap-2">
          Search rules
          <TextInput
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="id, dimension, section, revision or message"
            className="min-w-48 flex-1"
            data-testid="rules-search"
          />
        </label>
        <p role="status" data-testid="rules-count">
          {rules.length === RULE_CATALOGUE.length
            ? `${rules.length} rules`
            : `${rules.length} of ${RULE_CATALOGUE.length} rules`}
        </p>
      </div>
      {/* Focusable so keyboard users can scroll the table sideways on narrow screens. */}
      <div className="overflow-x-auto" role="region" aria-label="Rules table" tabIndex={0}>
        <table className="w-full min-w-[40rem] border-collapse" data-testid="rules-table">
          <caption className="sr-only">Rules this verifier checks</caption>
          <thead>
            <tr className="text-left text-xs text-slate-600 uppercase dark:text-slate-400">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Rule id
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Dimension
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Draft section
              </th>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Format reference
              </th>
              <th scope="col" className="py-2 font-semibold">
                Messages
              </th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule) => (
              <RuleRow key={rule.id} rule={rule} target={rule.id === linked} />
            ))}
          </tbody>
        </table>
        {rules.length === 0 && (
          <p className="py-3 text-slate-600 dark:text-slate-400" data-testid="rules-empty">
            {RULE_CATALOGUE.length === 0
              ? 'No rules are listed in this build.'
              : 'No rule matches this search.'}
          </p>
        )}
      </div>
    </article>
  );
}
