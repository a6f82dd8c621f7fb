import { describe, expect, it } from 'vitest';
import { COLUMNS } from './actions';
import { gridColumns, minWidthRem } from './columnGrid';

/** A 1,366 px screen leaves 1,094 px beside the side menu for the table (measured in Chromium). */
const LAPTOP_CONTENT_PX = 1094;

describe('the columns of the locations table', () => {
  it('share one grid of the columns shown, fixed or growing', () => {
    expect(gridColumns(['select', 'description', 'actions'])).toEqual({
      template: '2.5rem minmax(9rem, 1fr) 9rem',
      minWidth: '20.5rem',
    });
  });

  it("fit a laptop's 1,366 px screen with every column, the Administrator's included", () => {
    expect(minWidthRem(COLUMNS) * 16).toBeLessThanOrEqual(LAPTOP_CONTENT_PX);
  });
});
