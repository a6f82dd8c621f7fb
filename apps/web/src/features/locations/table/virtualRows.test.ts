import { describe, expect, it } from 'vitest';
import { locationRow, meterRow } from '../../../test/fixtures';
import { blockRange, estimatedRowHeight, withFocusedRow } from './virtualRows';

const withMeters = (count: number) =>
  locationRow(1, { servicePoints: Array.from({ length: count }, (_, i) => meterRow(i + 1)) });

describe('the rows of the virtualized table', () => {
  it('are estimated one line a meter, a location without a meter taking one line', () => {
    expect(estimatedRowHeight(withMeters(0))).toBe(estimatedRowHeight(withMeters(1)));
    expect(estimatedRowHeight(withMeters(2)) - estimatedRowHeight(withMeters(1))).toBe(46);
  });

  it.each([
    ['no row has the focus', [4, 5, 6], -1, [4, 5, 6]],
    ['the focused row is in view', [4, 5, 6], 5, [4, 5, 6]],
    ['the focused row scrolled away above', [40, 41], 3, [3, 40, 41]],
    ['the focused row scrolled away below', [4, 5], 90, [4, 5, 90]],
  ])('keep the focused row rendered when %s', (_, indexes, focused, expected) => {
    expect(withFocusedRow(indexes, focused)).toEqual(expected);
  });

  const range = (startIndex: number, endIndex: number, count = 2000) => ({ startIndex, endIndex, overscan: 6, count });
  const span = (rows: number[]) => [rows[0], rows.at(-1), rows.length];

  it.each([
    ['at the top', range(0, 10), [0, 19, 20]],
    ['in the middle', range(10, 20), [4, 27, 24]],
    ['at the bottom', range(1990, 1999), [1984, 1999, 16]],
    ['of a short table', range(0, 2, 3), [0, 2, 3]],
  ])('come in whole blocks around the view %s', (_, view, expected) => {
    expect(span(blockRange(view, 4))).toEqual(expected);
  });

  it('stay the same while the view moves within a block, and change once it leaves it', () => {
    expect(blockRange(range(11, 21), 4)).toEqual(blockRange(range(10, 20), 4));
    expect(blockRange(range(14, 24), 4)).not.toEqual(blockRange(range(10, 20), 4));
    expect(blockRange(range(0, 0, 0), 4)).toEqual([]);
  });
});
