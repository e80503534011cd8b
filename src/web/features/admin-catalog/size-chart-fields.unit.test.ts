import { describe, expect, it } from 'vitest';
import { chartOf, draftOf } from './size-chart-fields';

describe('the size chart as staff type it', () => {
  const chart = { measures: ['Chest', 'Length'], rows: [{ size: 'M', inches: [40, 29] }] };

  it('round-trips a chart through the form', () => {
    expect(chartOf(draftOf(chart), ['S', 'M'])).toEqual(chart);
  });

  it('is null without measurement names, leaves out blank sizes and keeps a half row to be refused', () => {
    expect(chartOf({ measures: ' , ', cells: {} }, ['M'])).toBeNull();
    const draft = { measures: 'Chest, Length', cells: { 'S|Chest': '36', 'M|Chest': '40', 'M|Length': '29' } };
    expect(chartOf(draft, ['XS', 'S', 'M'])).toEqual({
      measures: ['Chest', 'Length'],
      rows: [
        { size: 'S', inches: [36] },
        { size: 'M', inches: [40, 29] },
      ],
    });
  });
});
