// Node's own floor for `aer1-verify --jsonl` (bench/cli.ts): what bench/python_reference.py does
// (each record read with JSON.parse, its canonical_bytes decoded, their SHA-256 compared with
// output_hash), with node:crypto, writing nothing. Exit 0 when every record matches, 1 otherwise.
//
// With a second argument, a file holding the line aer1-verify writes for the first record, it
// also writes that line for every record, under the record's own name, to stdout: the output
// the bench's valid receipts get, written as cheaply as we know how (the rest of the line
// encoded once, a block of lines per write). That is what --jsonl costs without verifying.
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { readFileSync, writeSync } from 'node:fs';
import { argv, exit } from 'node:process';

const [, , file, lineFile] = argv;
const writer = lineFile === undefined ? undefined : lineWriter(readFileSync(lineFile, 'utf8'));

let ok = true;
let records = 0;
for (const line of readFileSync(file, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  const record = JSON.parse(line);
  const bytes = Buffer.from(record.canonical_bytes, 'base64');
  const digest = createHash('sha256').update(bytes).digest('hex');
  ok = ok && record.output_hash === `sha256:${digest}`;
  writer?.line(`${file} line record ${++records}`);
}
writer?.flush();
exit(ok ? 0 : 1);

/** Writes `template` (one report line) again and again, each time under another "file" name. */
function lineWriter(template) {
  const nameAt = template.indexOf('"file":') + '"file":'.length;
  const nameEnd = template.indexOf(',"kind":');
  if (nameAt < '"file":'.length || nameEnd < nameAt)
    throw new Error(`not a report line: ${lineFile}`);
  const head = Buffer.from(template.slice(0, nameAt));
  const tail = Buffer.from(`${template.slice(nameEnd).trimEnd()}\n`);
  const block = Buffer.alloc(1 << 20);
  let at = 0;
  const flush = () => {
    writeSync(1, block, 0, at);
    at = 0;
  };
  return {
    line(name) {
      if (at + head.length + tail.length + 3 * name.length + 2 > block.length) flush();
      at += head.copy(block, at);
      at += block.write(JSON.stringify(name), at);
      at += tail.copy(block, at);
    },
    flush,
  };
}
