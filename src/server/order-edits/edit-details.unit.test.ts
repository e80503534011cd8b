import { describe, expect, it } from 'vitest';
import type { Customization } from '../../shared/cart';
import { editDetails, lineChanges, type DescribedLine } from './edit-details';

const NAME: Customization = { type: 'add_name', position: 'left_side', text: 'RUIZ' };
const US: Customization = { type: 'us_flag', position: 'right_side', text: null };
const polo = (size: string, quantity: number, customizations: Customization[] = []): DescribedLine => ({
  productId: 1,
  productName: 'Station Polo - Navy',
  size,
  quantity,
  customizations,
});
const tee = (size: string, quantity: number): DescribedLine => ({
  productId: 2,
  productName: 'Duty Tee - Black',
  size,
  quantity,
  customizations: [],
});

describe('lineChanges', () => {
  it('tells the example of the contract word for word', () => {
    const changes = lineChanges([polo('L', 2)], [polo('L', 3), tee('M', 1)]);
    expect(editDetails(changes, 7200, 9650)).toBe(
      'Station Polo - Navy L: quantity 2 -> 3; added Duty Tee - Black M x1; total $72.00 -> $96.50',
    );
  });

  it('is empty when the same lines come back in another order', () => {
    expect(lineChanges([polo('L', 2, [NAME]), tee('M', 1)], [tee('M', 1), polo('L', 2, [NAME])])).toEqual([]);
  });

  it('pairs a line with its own product when its size or customisations change', () => {
    expect(lineChanges([polo('L', 2), tee('M', 1)], [polo('XL', 2, [US]), tee('M', 1)])).toEqual([
      'Station Polo - Navy L: size L -> XL, customizations none -> US flag patch (right)',
    ]);
    expect(lineChanges([polo('L', 1, [NAME])], [polo('L', 1)])).toEqual([
      'Station Polo - Navy L: customizations Embroidered name "RUIZ" (left) -> none',
    ]);
  });

  it('keeps an unchanged line of a product out of the words when another line of it changes', () => {
    expect(lineChanges([polo('L', 1), polo('M', 1)], [polo('L', 1), polo('S', 2)])).toEqual([
      'Station Polo - Navy M: size M -> S, quantity 1 -> 2',
    ]);
  });

  it('names removed and added lines with their quantity and customisations', () => {
    expect(lineChanges([tee('M', 3)], [polo('S', 2, [NAME, US])])).toEqual([
      'removed Duty Tee - Black M x3',
      'added Station Polo - Navy S x2 (Embroidered name "RUIZ" (left), US flag patch (right))',
    ]);
  });
});
