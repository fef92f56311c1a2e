/**
 * The project's ESLint configuration refuses a regular expression that backtracks
 * super-linearly, wherever in the code it is written (issue 25). Runs ESLint's API with the
 * committed eslint.config.js on snippets placed at paths of each shell and the core.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Where a pattern may meet untrusted text: the core and every shell around it. */
const PLACES = [
  'src/core/workflow/members.ts',
  'src/share/share-link.ts',
  'src/net/block-header.ts',
  'src/worker/verify.worker.ts',
  'src/cli/main.ts',
  'src/ui/features/verify/url-input.ts',
];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function regexpProblems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('regexp/'))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const snippet = (pattern: string): string =>
  `export const test = (text: string): boolean => ${pattern}.test(text);\n`;

describe('lint: regular expressions that backtrack super-linearly are errors', () => {
  it.each(PLACES)(
    "%s: verify_url's old pattern fails regexp/no-super-linear-backtracking",
    async (place) => {
      const problems = await regexpProblems(snippet('/^https?:\\/\\/[^\\s/?#]+[^\\s]*$/'), place);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^regexp\/no-super-linear-backtracking: /);
    },
  );

  it('an unanchored pattern retried at every offset fails regexp/no-super-linear-move', async () => {
    const code = "export const strip = (text: string): string => text.replace(/=+$/, '');\n";
    const problems = await regexpProblems(code, 'src/share/share-link.ts');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^regexp\/no-super-linear-move: /);
  });

  it('the linear pattern that replaced it passes', async () => {
    expect(
      await regexpProblems(snippet('/^https?:\\/\\/[^\\s/?#]\\S*$/'), PLACES[0] as string),
    ).toEqual([]);
  });
});
