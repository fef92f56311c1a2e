import { Link, useSearch } from '@tanstack/react-router';
import { useRef } from 'react';
import { RULE_CATALOGUE } from '../../../core';
import { Badge } from '../../components/Badge';
import { DIMENSION_INFO } from '../../selectors/dimensions';
import { statusTone } from '../../selectors/verdict';
import { formatSections, type FormatSection } from './format-sections';
import { ruleMessages } from './rule-rows';
import { useBringIntoView } from './useBringIntoView';

const SECTIONS = formatSections(RULE_CATALOGUE);

function SectionBlock({ section, target }: { section: FormatSection; target: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useBringIntoView(heading, target, 'start');
  const headingId = `section-${section.slug}`;
  return (
    <section
      aria-labelledby={headingId}
      data-section={section.section}
      data-target={target}
      className={`rounded-xl border p-4 ${target ? 'border-teal-600 ring-2 ring-teal-600' : 'border-slate-200 dark:border-slate-800'}`}
    >
      <h2
        ref={heading}
        id={headingId}
        tabIndex={-1}
        className="scroll-mt-4 text-base font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-500"
      >
        {section.section}
        {section.title ? ` ${section.title}` : ''}
      </h2>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {section.rules.length} {section.rules.length === 1 ? 'rule implements' : 'rules implement'}{' '}
        it
      </p>
      <ul className="mt-2 space-y-2">
        {section.rules.map((rule) => {
          const [first] = ruleMessages(rule);
          return (
            <li key={rule.id} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <Link
                to="/rules"
                search={{ rule: rule.id }}
                // The Rules page brings the row into view itself.
                resetScroll={false}
                className="font-mono text-xs break-all text-teal-700 underline dark:text-teal-300"
              >
                {rule.id}
              </Link>
              <span className="text-xs">{DIMENSION_INFO[rule.dimension].title}</span>
              {first && (
                <span className="flex min-w-0 items-baseline gap-1">
                  <Badge tone={statusTone(first.status)} />
                  {/* Anywhere: a template's first word can be wider than a phone. */}
                  <code className="min-w-0 text-xs wrap-anywhere">{first.template}</code>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The sections of the format this verifier's rules implement, one block each with its rules:
 * where a rule's section on the Rules page leads, offline. Generated from the rule catalogue.
 */
export function FormatPage() {
  const { section: linked } = useSearch({ from: '/format' });
  return (
    <article className="space-y-4 text-sm leading-6">
      <header className="max-w-3xl space-y-2">
        <h1 className="text-2xl font-semibold">Sections of the format</h1>
        <p>
          The sections of the AER-1 format reference (<code>draft-zambo-aer1</code>, as this project
          restates it for implementers) that the {RULE_CATALOGUE.length} rules of this verifier
          implement, each with its rules and the message it gives when the rule fails. Each rule
          leads back to its row on the{' '}
          <Link to="/rules" className="underline">
            Rules
          </Link>{' '}
          page.
        </p>
      </header>
      <div className="space-y-3" data-testid="format-sections">
        {SECTIONS.map((section) => (
          <SectionBlock key={section.section} section={section} target={section.slug === linked} />
        ))}
      </div>
    </article>
  );
}
