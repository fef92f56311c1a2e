import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..');

describe('headers for static hosts', () => {
  it('public/_headers forbids framing (a <meta> CSP cannot), and docs/deploying.md shows nginx and Caddy', () => {
    const headers = readFileSync(join(ROOT, 'public', '_headers'), 'utf8');
    expect(headers).toMatch(
      /^\/\*\n( {2}.+\n)* {2}Content-Security-Policy: frame-ancestors 'none'\n/m,
    );
    expect(headers).toMatch(/X-Frame-Options: DENY/);
    const guide = readFileSync(join(ROOT, 'docs', 'deploying.md'), 'utf8');
    expect(guide).toContain(`add_header Content-Security-Policy "frame-ancestors 'none'" always;`);
    expect(guide).toContain(`Content-Security-Policy "frame-ancestors 'none'"`);
  });
});
