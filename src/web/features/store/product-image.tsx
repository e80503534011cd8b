import { useState } from 'react';
import { productImageUrl } from '@shared/cart-basics';
import { GarmentOutline } from './garment-outline';

type Props = {
  imageBase: string;
  multi: boolean;
  side?: 'front' | 'back';
  size: 250 | 500;
  colorHex: string;
  category: string;
  alt: string;
  className?: string;
  eager?: boolean;
};

/** The generated garment image; while an image is missing, the garment's outline in its colour stands in. */
export function ProductImage({
  imageBase,
  multi,
  side = 'front',
  size,
  colorHex,
  category,
  alt,
  className = '',
  eager,
}: Props) {
  const src = productImageUrl(imageBase, size, multi ? side : undefined);
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src)
    return (
      <div
        role="img"
        aria-label={alt}
        className={`flex items-center justify-center bg-gradient-to-b from-gray-100 to-gray-300 ${className}`}
      >
        <GarmentOutline category={category} colorHex={colorHex} className="h-3/4 w-3/4 drop-shadow-md" />
      </div>
    );
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      // The first row of cards holds the store's largest paint: ask for it ahead of the scripts still loading.
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(src)}
      className={`bg-gray-100 object-contain ${className}`}
    />
  );
}
