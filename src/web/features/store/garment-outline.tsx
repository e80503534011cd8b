import { shapeFor, type Shape } from './placement';

// A plain outline of the garment in its colour: the stand-in while a product image is missing.
const OUTLINES: Record<Shape, string> = {
  top: 'M72 22 L52 28 L16 56 L34 92 L52 82 L52 184 L148 184 L148 82 L166 92 L184 56 L148 28 L128 22 Q100 44 72 22 Z',
  pants: 'M56 20 L144 20 L152 186 L110 186 L100 78 L90 186 L48 186 Z',
  cap: 'M30 120 Q30 46 100 42 Q170 46 170 120 Z M22 120 L178 120 L188 134 Q100 150 12 134 Z',
};

export function GarmentOutline({
  category,
  colorHex,
  className,
}: {
  category: string;
  colorHex: string;
  className?: string;
}) {
  return (
    <svg viewBox="0 0 200 200" aria-hidden className={className}>
      <path d={OUTLINES[shapeFor(category)]} fill={colorHex} stroke="#4b5563" strokeWidth={1.5} fillRule="evenodd" />
    </svg>
  );
}
