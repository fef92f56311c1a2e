import { describe, expect, it } from 'vitest';
import { parseJson } from './parse';
import { exactIntegerText, integerOf, isIntegerText } from './integer-lexeme';

describe('the integer a number lexeme writes, read exactly', () => {
  it.each([
    // lexeme, as an integer lexeme, as an integral number
    ['1', '1', '1'],
    ['0', '0', '0'],
    ['-0', '0', '0'],
    ['-12', '-12', '-12'],
    ['12345678901234567890', '12345678901234567890', '12345678901234567890'],
    ['9007199254740993', '9007199254740993', '9007199254740993'],
    ['1.0', undefined, '1'],
    ['1.000', undefined, '1'],
    ['-1.0', undefined, '-1'],
    ['-0.0', undefined, '0'],
    ['0e99999999999999999999', undefined, '0'],
    ['1e0', undefined, '1'],
    ['1E+2', undefined, '100'],
    ['30e-1', undefined, '3'],
    ['0.001e3', undefined, '1'],
    ['1e20', undefined, '100000000000000000000'],
    ['1.0e20', undefined, '100000000000000000000'],
    // Values that only round to an integer, and integers their double does not hold.
    ['0.99999999999999999', undefined, undefined],
    ['1.0000000000000001', undefined, undefined],
    ['91.0000000000000001', undefined, undefined],
    ['4.99999999999999999', undefined, undefined],
    ['1790499605.00000001', undefined, undefined],
    ['1e23', undefined, undefined],
    ['9007199254740993.0', undefined, undefined],
    ['1e-99999999999999999999', undefined, undefined],
    ['1.5', undefined, undefined],
    ['1e400', undefined, undefined],
    ['2.5e-1', undefined, undefined],
  ] as const)('%s', (raw, integerLexeme, integral) => {
    expect(exactIntegerText(raw, 'integer-lexeme')).toBe(integerLexeme);
    expect(exactIntegerText(raw, 'integral')).toBe(integral);
    expect(isIntegerText(raw)).toBe(integerLexeme !== undefined);
  });

  it('a long fraction of zeros is read without building the number', () => {
    expect(exactIntegerText('7.' + '0'.repeat(1_000_000), 'integral')).toBe('7');
    expect(exactIntegerText('7.' + '0'.repeat(1_000_000) + '1', 'integral')).toBe(undefined);
  });

  it('only numbers write integers', () => {
    expect(integerOf(parseJson('true').root, 'integral')).toBe(undefined);
    expect(integerOf(parseJson('"1"').root, 'integral')).toBe(undefined);
    expect(integerOf(undefined, 'integral')).toBe(undefined);
    expect(integerOf(parseJson(' 5.0 ').root, 'integral')).toBe('5');
    expect(integerOf(parseJson(' 5.0 ').root, 'integer-lexeme')).toBe(undefined);
  });
});
