/**
 * The command's usage text, in a module of its own that imports nothing: `aer1-verify --help`
 * prints it without loading the core (bin.ts).
 */
export const USAGE = `usage: aer1-verify [--json | --jsonl [--jobs N]] [--checks full|compact] [--group] [--supply FILE]... [--final-answer FILE] [--profile P] [--max-future D] [--max-age D] [--] FILE...
       aer1-verify --self-test
  FILE         a receipt, workflow, timeline, batch, .ots proof, Nostr event… ('-' = stdin);
               a vector set ({"vectors": […]} or {"cases": […]}) is verified vector by vector
               against what each expects: exit 1 when any vector disagrees
  --json       print a JSON array of reports, one per FILE in order (with --group: per record)
  --jsonl      FILEs are JSON Lines of independent records: stream them, verifying each record
               as a batch member and printing its JSON report on one line as soon as it is made;
               memory stays bounded whatever the size; a summary goes to standard error
  --jobs N     with --jsonl, verify on N threads, this one and N - 1 workers (default: the
               number of cores, once the input is over 8 MiB; smaller inputs are verified
               in one thread); never more threads than cores, and a worker starts only
               when a block of records arrives for it
  --checks F   how --json and --jsonl write checks: full (every check as an object; the
               default of --json) or compact (checks that did not pass in full, the ones
               that passed in "passed": {rule id: [JSON Pointer, …]}; the default of --jsonl)
  --group      group all FILEs and supplied files as a drop in the app does: a workflow with
               its step receipts, a receipt with its evidence, …; one report per record
  --supply F   supply F with every FILE (step receipts, evidence, commitment, Nostr event,
               .ots proof, block header); repeatable
  --final-answer F
               supply F as a workflow's final answer: output_hash must be its SHA-256
  --profile P  which profile sets the exit code: core (default), strict, reference-producer,
               disinterested; every applicable profile is reported side by side either way
  --max-future D, --max-age D
               consumer policy (off by default): reject a created_at more than D after this
               machine's clock, or older than D (D: 30s, 5m, 12h, 90d, 2w, 1y); it always
               counts toward the exit code when set, never toward the core verdict
  --self-test  verify every bundled golden vector and compare each with its expected verdict
               and reasons; exit 1 on any difference
  --           end of options: every argument after it is a FILE, even one named like an option
exit: 0 all verified, 1 any failed, 2 some incomplete, (--group) a file placed nowhere or
      (--jsonl) an input with no records, 64 usage or unreadable input, 70 an internal error
      (a bug), 74 output not written (a full disk), 141 output closed before the run finished
      (| head)`;
