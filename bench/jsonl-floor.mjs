// Node's own floor for `aer1-verify --jsonl` (bench/cli.ts): what bench/python_reference.py does
// (each record read with JSON.parse, its canonical_bytes decoded, their SHA-256 compared with
// output_hash), with node:crypto, writing nothing. Exit 0 when every record matches, 1 otherwise.
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { argv, exit } from 'node:process';

let ok = true;
for (const line of readFileSync(argv[2], 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  const record = JSON.parse(line);
  const bytes = Buffer.from(record.canonical_bytes, 'base64');
  const digest = createHash('sha256').update(bytes).digest('hex');
  ok = ok && record.output_hash === `sha256:${digest}`;
}
exit(ok ? 0 : 1);
