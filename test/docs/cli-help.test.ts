/** docs/cli.md quotes `aer1-verify --help`: the quote is what the command prints. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { USAGE } from '../../src/cli/usage';

it('docs/cli.md shows the usage text exactly as aer1-verify --help prints it', () => {
  const page = readFileSync(join(__dirname, '..', '..', 'docs', 'cli.md'), 'utf8');
  expect(page).toContain('```text\n' + USAGE + '\n```');
});
