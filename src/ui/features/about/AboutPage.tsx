import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import {
  DIMENSIONS,
  DRAFT_NAME,
  IMPLEMENTED_REVISIONS,
  REVISION_NOTES,
  RULE_CATALOGUE,
  UNPUBLISHED,
  revisionsOf,
} from '../../../core';
import { Badge } from '../../components/Badge';
import { VERIFIER } from '../../build-info';
import { DIMENSION_INFO } from '../../selectors/dimensions';
import { statusTone, verdictTone } from '../../selectors/verdict';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="space-y-2">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function AboutPage() {
  return (
    <article className="prose-sm max-w-3xl space-y-8 text-sm leading-6">
      <header>
        <h1 className="text-2xl font-semibold">About AER-1 Verifier</h1>
        <p className="mt-2">
          AI agents act through tool calls. <strong>AER-1</strong> (IETF Internet-Draft{' '}
          <code>draft-zambo-aer1</code>) records each call as a <em>receipt</em>: an id, a time, the
          tool and caller scope, a provenance class, the exact bytes that were observed (
          <code>canonical_bytes</code>) and a SHA-256 commitment to those bytes (
          <code>output_hash</code>). Receipts combine into workflow receipts (ordered steps under
          one Merkle root), hash-chained job timelines, and anchors on outside witnesses (Nostr
          events, Bitcoin via OpenTimestamps).
        </p>
        <p className="mt-2">
          This page checks them <strong>entirely in your browser</strong>, with WebAssembly hashing
          in a background worker. It is a static site: there is no server that could see, log or
          alter what you verify.
        </p>
        <p className="mt-2" data-testid="build-info">
          This build: {VERIFIER.name} {VERIFIER.version}, build <code>{VERIFIER.build}</code>. An
          exported or printed report names the same, with when it was checked and the SHA-256 of
          each input, so it can be matched to its bytes later.
        </p>
      </header>

      <Section id="privacy" title="Nothing leaves your browser">
        <ul className="list-disc space-y-1 pl-5">
          <li>What you paste, drop or pick is read and verified locally. It is never uploaded.</li>
          <li>
            No analytics, no fonts, scripts or images from other origins; a Content-Security-Policy
            enforces it.
          </li>
          <li>
            Anything that needs the network — fetching a linked receipt, asking a Nostr relay for an
            event, looking up a Bitcoin block header — happens only when you click for it, after the
            page says which host it will contact and what that reveals.
          </li>
          <li>
            Share links keep the receipt after the <code>#</code> of the URL, which browsers never
            send to a server.
          </li>
        </ul>
      </Section>

      <Section id="verdicts" title="Verdicts">
        <dl className="space-y-2">
          {(['verified', 'failed', 'incomplete'] as const).map((v) => (
            <div key={v}>
              <dt>
                <Badge tone={verdictTone(v)} />
              </dt>
              <dd className="mt-1">{verdictTone(v).explanation}</dd>
            </div>
          ))}
        </dl>
        <p>
          Overall: <strong>failed</strong> if any dimension fails; <strong>verified</strong> if none
          fails and the record’s own commitments (byte integrity, schema, and chain integrity where
          it applies) pass; otherwise <strong>incomplete</strong>.
        </p>
      </Section>

      <Section id="dimensions" title="The six dimensions">
        <p>Each is reported separately; one never stands in for another.</p>
        <dl className="space-y-2">
          {DIMENSIONS.map((d) => (
            <div key={d}>
              <dt className="font-semibold">
                {DIMENSION_INFO[d].title} <code className="text-xs font-normal">{d}</code>
              </dt>
              <dd>{DIMENSION_INFO[d].covers}</dd>
            </div>
          ))}
        </dl>
        <p>Each dimension and each check has one of these values:</p>
        <ul className="space-y-1">
          <li>
            <Badge tone={statusTone('pass')} /> the check was made and holds.
          </li>
          <li>
            <Badge tone={statusTone('fail')} /> the check was made and does not hold.
          </li>
          <li>
            <Badge tone={statusTone('not_checked')} /> there was nothing to check (for example, no
            anchor present). It is neither success nor failure.
          </li>
          <li>
            <Badge tone={statusTone('unavailable')} /> something was present but could not be
            checked here: an unknown construction, a missing block header, a network lookup you have
            not asked for. We never turn “could not check” into a pass or a failure.
          </li>
        </ul>
      </Section>

      <Section id="rules" title="The rules">
        <p>
          Each check applies one rule: a stable id, the dimension it reports under, the section of
          the draft it comes from (and the revision it first appears in) and the message for each
          outcome. The{' '}
          <Link to="/rules" className="underline">
            list of rules
          </Link>{' '}
          is generated from the same catalogue the checks use, and can be searched; a rule id in a
          report opens its row, and each row opens the{' '}
          <Link to="/format" className="underline">
            section of the format
          </Link>{' '}
          it implements.
        </p>
      </Section>

      <Section id="revisions" title="Which revisions of the draft">
        <p data-testid="implemented-revisions">
          This verifier implements <code>{DRAFT_NAME}</code> from {IMPLEMENTED_REVISIONS.first} to{' '}
          {IMPLEMENTED_REVISIONS.last}: the rules of {IMPLEMENTED_REVISIONS.first}, and those later
          revisions brought, each marked on the Rules page with the revision it appeared in.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          {revisionsOf(RULE_CATALOGUE).map(({ revision, rules }) => (
            <li key={revision}>
              <strong>{revision}</strong>: {REVISION_NOTES[revision]} ({rules}{' '}
              {rules === 1 ? 'rule' : 'rules'})
            </li>
          ))}
        </ul>
        <p>
          What those revisions do not publish is reported as unavailable, never guessed:{' '}
          {UNPUBLISHED.join('; ')}. Rules the draft does not state itself — the reference kit’s
          profiles, this verifier’s careful readings — say so on the Rules page.
        </p>
      </Section>

      <Section id="profiles" title="Profiles and the self-test">
        <p>
          AER-1 has one core and several published stricter readings. Every report shows one line
          per applicable profile: <strong>core</strong> (the draft’s own verdict),{' '}
          <strong>strict</strong> (UUID v4 id and a published schema version, as the reference
          implementations require), <strong>reference producer</strong> (the payload is an object
          with an <code>inputs</code> member, as the kit checks it), the{' '}
          <strong>disinterested tier</strong> (log anchors) and your{' '}
          <strong>consumer policy</strong> (clock windows; off unless you set one). A stricter
          profile includes core, so its line is never better than core’s: a tampered receipt fails
          strict too (“fails (core fails)”). The verdict at the top follows the profile you choose
          in the report’s Profiles card and your clock policy, exactly as{' '}
          <code>aer1-verify --profile</code> decides its exit code, and says core’s verdict beside
          it when they differ. A receipt dated in the future is a warning with the distance, never a
          core failure; every warning is counted beside the verdict.
        </p>
        <p>
          The{' '}
          <Link to="/conformance" className="underline">
            self-test
          </Link>{' '}
          runs every golden vector bundled with this build in your browser and shows each expected
          and actual verdict: proof that the build in front of you behaves as documented.
        </p>
      </Section>

      <Section id="limits" title="What a verified receipt proves — and what it does not">
        <p>
          <strong>
            A matching hash proves only that the supplied bytes agree with the supplied digest.
          </strong>{' '}
          It does not prove that the tool ran, that the data is true, or who issued the record:
          AER-1 core records are unsigned. Hashing is always over the decoded bytes exactly as
          carried; the verifier never re-serialises JSON and claims agreement.
        </p>
        <p>
          The <strong>provenance class</strong> is a claim: <code>EXECUTED BY &lt;SYSTEM&gt;</code>{' '}
          (the recorder ran the tool), <code>OBSERVED VIA GATEWAY</code> (seen through a gateway,
          not executed), <code>LOGGED BY AGENT</code> (self-reported by an outside agent). No check
          upgrades a report into an observation.
        </p>
        <p>
          A <code>result_preview</code> is for humans; agreement with a preview is not agreement
          with the bytes. A publisher’s own <code>checks</code> object is shown as “claimed by the
          publisher”, never as our result.
        </p>
      </Section>

      <Section id="workflows" title="Workflow receipts">
        <p>
          A workflow receipt binds an agent run — every step, in order — under one Merkle root. The
          verifier recomputes the root from the steps (construction <code>receipt-id-v0</code>:
          leaves are SHA-256 of each step’s <code>receipt_id</code>, odd levels duplicate their last
          node), checks that <code>seq</code> runs 1..n and that no two steps share a{' '}
          <code>receipt_id</code>.
        </p>
        <p>
          What the root cannot show: dropping trailing steps and recomputing the root is
          undetectable without an outside commitment (an anchor, a published root or step count).
          Each step’s own receipt is checked only when you supply it, and the workflow’s{' '}
          <code>output_hash</code> only against the final answer you supply.
        </p>
      </Section>

      <Section id="chains" title="Hash-chained job timelines">
        <p>
          Each timeline entry commits to the digest of the entry before it, so inserting, deleting,
          reordering or relabelling entries breaks a link. The verifier recomputes every entry
          digest with the reference construction (key-sorted compact JSON with Python-style
          escaping) and never trusts stored digests.
        </p>
        <p>
          What a chain cannot show: a prefix of a valid chain is itself a valid chain. Only an
          outside commitment that binds the final entry digest and the entry count detects
          truncation.
        </p>
      </Section>

      <Section id="anchors" title="Anchors">
        <p>
          An anchor is a witness that does not depend on the receipt’s publisher: a signed Nostr
          event, or an OpenTimestamps proof that leads to a Bitcoin block header. Anchoring never
          changes receipt bytes; a confirmed anchor shows the value existed by the witness time, not
          that it is true.
        </p>
      </Section>
    </article>
  );
}
