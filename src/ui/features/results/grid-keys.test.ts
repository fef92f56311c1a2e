import { describe, expect, it } from 'vitest';
import { gridMove, type GridShape } from './grid-keys';

const shape: GridShape = { rows: 30, columns: [0, 1, 3, 6], page: 10 };
const move = (row: number, col: number, key: string, ctrl = false) =>
  gridMove({ row, col }, key, ctrl, shape);

describe('data grid keys', () => {
  it('arrows move between shown cells and rows, the header row included, and stop at the edges', () => {
    expect(move(0, 0, 'ArrowRight')).toEqual({ row: 0, col: 1 });
    expect(move(0, 1, 'ArrowRight')).toEqual({ row: 0, col: 3 }); // column 2 is hidden
    expect(move(0, 6, 'ArrowRight')).toEqual({ row: 0, col: 6 });
    expect(move(0, 3, 'ArrowLeft')).toEqual({ row: 0, col: 1 });
    expect(move(0, 0, 'ArrowLeft')).toEqual({ row: 0, col: 0 });
    expect(move(0, 3, 'ArrowDown')).toEqual({ row: 1, col: 3 });
    expect(move(29, 3, 'ArrowDown')).toEqual({ row: 29, col: 3 });
    expect(move(0, 3, 'ArrowUp')).toEqual({ row: -1, col: 3 });
    expect(move(-1, 3, 'ArrowUp')).toEqual({ row: -1, col: 3 });
  });

  it('Home/End go to the row’s first/last cell; with Ctrl to the first/last row', () => {
    expect(move(5, 3, 'Home')).toEqual({ row: 5, col: 0 });
    expect(move(5, 3, 'End')).toEqual({ row: 5, col: 6 });
    expect(move(5, 3, 'Home', true)).toEqual({ row: -1, col: 0 });
    expect(move(5, 3, 'End', true)).toEqual({ row: 29, col: 6 });
  });

  it('PageUp/PageDown move by a page and stop at the ends', () => {
    expect(move(5, 1, 'PageDown')).toEqual({ row: 15, col: 1 });
    expect(move(25, 1, 'PageDown')).toEqual({ row: 29, col: 1 });
    expect(move(15, 1, 'PageUp')).toEqual({ row: 5, col: 1 });
    expect(move(5, 1, 'PageUp')).toEqual({ row: 0, col: 1 });
    expect(move(0, 1, 'PageUp')).toEqual({ row: -1, col: 1 });
    expect(move(-1, 1, 'PageDown')).toEqual({ row: 9, col: 1 });
  });

  it('a cell in a column hidden since moves from the nearest shown one; other keys are not grid keys', () => {
    expect(move(2, 2, 'ArrowRight')).toEqual({ row: 2, col: 6 });
    expect(move(2, 2, 'ArrowDown')).toEqual({ row: 3, col: 3 });
    expect(move(2, 0, 'a')).toBeUndefined();
    expect(move(2, 0, 'Tab')).toBeUndefined();
    // Rows that went away (a filter) clamp to the last one.
    expect(gridMove({ row: 40, col: 0 }, 'ArrowUp', false, shape)).toEqual({ row: 28, col: 0 });
    expect(gridMove({ row: 0, col: 0 }, 'ArrowDown', false, { ...shape, rows: 0 })).toEqual({
      row: -1,
      col: 0,
    });
  });
});
