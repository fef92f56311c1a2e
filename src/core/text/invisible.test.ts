import { describe, expect, it } from 'vitest';
import { verify } from '../verify';
import { escapeControls, findHiddenCharacters, findLoneSurrogates, visibleText } from './invisible';
import { TEXT_FINDING_CAP } from '../bounds';

describe('hidden characters', () => {
  it('shows bidi controls, zero-width characters, tags and lone surrogates as ⟨U+XXXX⟩', () => {
    expect(visibleText('\u202Eecirp_evil')).toBe('⟨U+202E⟩ecirp_evil');
    expect(visibleText('a\u200Bb\uFEFF\u2066c\u2069')).toBe('a⟨U+200B⟩b⟨U+FEFF⟩⟨U+2066⟩c⟨U+2069⟩');
    expect(visibleText('x\ud800y\udc00')).toBe('x⟨U+D800⟩y⟨U+DC00⟩');
    expect(visibleText('\udb40\udc41')).toBe('⟨U+E0041⟩');
    expect(visibleText('live_price 😀 é\nnext')).toBe('live_price 😀 é\nnext');
  });
  it('finds them', () => {
    expect(findHiddenCharacters('\u202Eab\u200B')).toEqual({
      codePoints: ['U+202E', 'U+200B'],
      bidi: true,
      other: true,
    });
    expect(findHiddenCharacters('a\u202Eb')).toMatchObject({ bidi: true, other: false });
    expect(findHiddenCharacters('a\u200Bb')).toMatchObject({ bidi: false, other: true });
    expect(findHiddenCharacters('plain 😀')).toBeUndefined();
    expect(findLoneSurrogates('\ud83d\ude00')).toBeUndefined();
    expect(findLoneSurrogates('a\ud83d')).toEqual(['U+D83D']);
  });
});

describe('the warning rules', () => {
  it('name the member and the code point', async () => {
    const report = await verify({
      name: 'r.json',
      text: JSON.stringify({ job_id: 'job\u202E1', steps: [], nested: { ['k\ud800']: 1 } }),
    });
    const hidden = report.checks.find((c) => c.rule === 'text.hidden_characters');
    expect(hidden).toMatchObject({
      status: 'warning',
      path: '/job_id',
      message:
        '/job_id contains a bidi control (U+202E): it displays differently from what it stores',
    });
    // A bidi control beside a control character is said to be both, not all bidi.
    const mixed = await verify({
      name: 'r.json',
      text: JSON.stringify({ job_id: '\u001b[2J\u202eevil', steps: [] }),
    });
    expect(mixed.checks.find((c) => c.rule === 'text.hidden_characters')?.message).toBe(
      '/job_id contains a bidi control and an invisible or control character (U+001B, U+202E): it displays differently from what it stores',
    );
    const lone = report.checks.find((c) => c.rule === 'text.lone_surrogate');
    expect(lone?.message).toBe(
      'member name at /nested/k\ud800 contains a lone surrogate (U+D800), which is not a Unicode character',
    );
  });
  it('are capped', async () => {
    const items = Array.from({ length: 500 }, () => ({ id: '\u200B' }));
    const report = await verify({ name: 'many.json', text: JSON.stringify({ list: items }) });
    const checks = report.checks.filter((c) => c.rule === 'text.hidden_characters');
    expect(checks).toHaveLength(TEXT_FINDING_CAP + 1);
    expect(checks.at(-1)?.message).toBe(
      `${500 - TEXT_FINDING_CAP} more strings break rule text.hidden_characters (500 in all)`,
    );
  });
});

describe('escapeControls (the CLI terminal boundary)', () => {
  it('writes every control, bidi and invisible character as the escape JSON would use', () => {
    expect(escapeControls('a\u001b[2J\nb\tc\r\u0000')).toBe('a\\u001b[2J\\nb\\tc\\r\\u0000');
    expect(escapeControls('\u007f\u0085\u009b')).toBe('\\u007f\\u0085\\u009b');
    expect(escapeControls('\u202a\u202e\u2066\u2069\u200e\u200f\u061c')).toBe(
      '\\u202a\\u202e\\u2066\\u2069\\u200e\\u200f\\u061c',
    );
    expect(escapeControls('\u200b\u00ad\ufeff\u2028\u2060\u0600')).toBe(
      '\\u200b\\u00ad\\ufeff\\u2028\\u2060\\u0600',
    );
    // Tags and lone surrogates, one escape per UTF-16 unit.
    expect(escapeControls('\udb40\udc01x\ud800')).toBe('\\udb40\\udc01x\\ud800');
  });
  it('leaves printable text alone, non-ASCII and emoji included', () => {
    expect(escapeControls('live_price 😀 é ש 中 \\u001b')).toBe('live_price 😀 é ש 中 \\u001b');
  });
});
