import { describe, expect, it } from 'vitest';
import { chooseLayout, isNarrow, isShortLandscape } from './layout';

const at = (width: number, height: number) => chooseLayout({ width, height });

describe('landing layout choice (docs/product.md#screens-and-routes)', () => {
  it('short landscape phones: under 900 wide and under 500 high, wider than tall', () => {
    expect(at(899, 499)).toBe('mobile-landscape');
    expect(at(844, 390)).toBe('mobile-landscape');
    expect(at(667, 375)).toBe('mobile-landscape');
    expect(at(900, 499)).toBe('tablet');
    expect(at(899, 500)).toBe('tablet');
  });

  it('mobile below 768 wide, tablet from 768', () => {
    expect(at(767, 1024)).toBe('mobile');
    expect(at(768, 1024)).toBe('tablet');
    expect(at(390, 844)).toBe('mobile');
  });

  it('tablet below 1024 wide, desktop from 1024', () => {
    expect(at(1023, 768)).toBe('tablet');
    expect(at(1024, 768)).toBe('desktop');
    expect(at(1280, 800)).toBe('desktop');
  });

  it('short portrait screens are not landscape: they fall through to the width rules', () => {
    expect(at(480, 490)).toBe('mobile');
    expect(at(320, 480)).toBe('mobile');
    expect(at(450, 450)).toBe('mobile');
    expect(isShortLandscape({ width: 450, height: 450 })).toBe(false);
  });

  it('wide but short windows are landscape only while under 900 wide', () => {
    expect(at(1200, 400)).toBe('desktop');
    expect(at(760, 400)).toBe('mobile-landscape');
  });

  it('narrow means under 768 wide', () => {
    expect(isNarrow({ width: 767, height: 300 })).toBe(true);
    expect(isNarrow({ width: 768, height: 300 })).toBe(false);
  });
});
