import type { Customization, CustomizationType, Position } from '@shared/cart';

// A schematic front view: where each customisation goes. The name sits on the chest, patches on the
// sleeves (on pants: hip and thigh; on caps: front panel and side). Seen from the front, the wearer's
// left is on the viewer's right, which the labels say.
type Shape = 'top' | 'pants' | 'cap';
const shapeFor = (category: string): Shape =>
  category === 'pants' ? 'pants' : category === 'headwear' ? 'cap' : 'top';

const OUTLINES: Record<Shape, string> = {
  top: 'M72 22 L52 28 L16 56 L34 92 L52 82 L52 184 L148 184 L148 82 L166 92 L184 56 L148 28 L128 22 Q100 44 72 22 Z',
  pants: 'M56 20 L144 20 L152 186 L110 186 L100 78 L90 186 L48 186 Z',
  cap: 'M30 120 Q30 46 100 42 Q170 46 170 120 Z M22 120 L178 120 L188 134 Q100 150 12 134 Z',
};

// [x, y] of each spot for the wearer's right and left side (viewer's left and right).
const SPOTS: Record<Shape, Record<'name' | 'patch', Record<Position, [number, number]>>> = {
  top: { name: { right_side: [76, 74], left_side: [124, 74] }, patch: { right_side: [33, 62], left_side: [167, 62] } },
  pants: {
    name: { right_side: [72, 44], left_side: [128, 44] },
    patch: { right_side: [70, 110], left_side: [130, 110] },
  },
  cap: {
    name: { right_side: [78, 92], left_side: [122, 92] },
    patch: { right_side: [44, 104], left_side: [156, 104] },
  },
};

/** The bare outline in the garment's colour (also the stand-in while a product image is missing). */
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

function Marker({ type, at, text }: { type: CustomizationType; at: [number, number]; text: string | null }) {
  const [x, y] = at;
  if (type === 'add_name')
    return (
      <g>
        <rect x={x - 22} y={y - 7} width={44} height={14} rx={3} fill="#e07a1f" />
        <text x={x} y={y + 3.5} textAnchor="middle" fontSize={9} fontWeight={700} fill="#fff">
          {(text || 'Name').slice(0, 9)}
        </text>
      </g>
    );
  if (type === 'us_flag')
    return (
      <g>
        <rect x={x - 11} y={y - 7} width={22} height={14} fill="#fff" stroke="#111" strokeWidth={0.5} />
        {[0, 2, 4, 6].map((i) => (
          <rect key={i} x={x - 11} y={y - 7 + i * 2} width={22} height={1} fill="#b22234" />
        ))}
        <rect x={x - 11} y={y - 7} width={9} height={7} fill="#3c3b6e" />
      </g>
    );
  return (
    <g>
      <rect x={x - 11} y={y - 7} width={22} height={7} fill="#bf0a30" />
      <rect x={x - 11} y={y} width={22} height={7} fill="#002868" />
      <circle cx={x} cy={y} r={3} fill="#ce5c17" />
    </g>
  );
}

export function GarmentPreview({
  category,
  colorHex,
  customizations,
}: {
  category: string;
  colorHex: string;
  customizations: Customization[];
}) {
  const shape = shapeFor(category);
  return (
    <figure className="rounded-xl border border-gray-800 bg-gray-950/60 p-3">
      <svg
        viewBox="0 0 200 200"
        role="img"
        aria-label="Where your customizations go"
        className="mx-auto h-44 w-44"
        data-testid="garment-preview"
      >
        <path d={OUTLINES[shape]} fill={colorHex} stroke="#d1d5db" strokeWidth={1.5} fillRule="evenodd" />
        {customizations.map((c) => (
          <Marker
            key={c.type}
            type={c.type}
            text={c.text}
            at={SPOTS[shape][c.type === 'add_name' ? 'name' : 'patch'][c.position]}
          />
        ))}
        <text x={30} y={198} textAnchor="middle" fontSize={9} fill="#9ca3af">
          Right
        </text>
        <text x={170} y={198} textAnchor="middle" fontSize={9} fill="#9ca3af">
          Left
        </text>
      </svg>
      <figcaption className="mt-1 text-center text-xs text-gray-400">
        Front view · the wearer’s left is on your right
      </figcaption>
    </figure>
  );
}
