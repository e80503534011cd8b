import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Customization, CustomizationType, Position } from '@shared/cart';
import type { Product } from '@shared/cart-catalog';
import { placementText } from '@shared/production';
import { RadioGroup } from '@web/components/ui';
import {
  estimateWidthPerUnit,
  fitFontSize,
  logoBox,
  placementBox,
  PREVIEW_UNITS,
  threadColour,
  type Box,
  type View,
} from './placement';
import { ProductImage } from './product-image';

// The chosen garment in its colour (its product image), with the name and patches drawn where they are sewn.
// The labels use the production sheet's words (placementText), so the customer reads what the embroiderer reads.

const PROBE_SIZE = 100;

/** The whole name on one line, its font size fitted to the box by measuring the text as the browser draws it. */
function FittedName({ text, box, colour }: { text: string; box: Box; colour: string }) {
  const probe = useRef<SVGTextElement>(null);
  const [measured, setMeasured] = useState<{ text: string; perUnit: number } | null>(null);
  useLayoutEffect(() => {
    let live = true;
    const measure = () => {
      const width = probe.current?.getComputedTextLength?.();
      if (live && width && width > 0) setMeasured({ text, perUnit: width / PROBE_SIZE });
    };
    measure();
    // A web font arriving after the first measure changes the text's width.
    void document.fonts?.ready.then(measure);
    return () => {
      live = false;
    };
  }, [text]);
  const perUnit = measured?.text === text ? measured.perUnit : estimateWidthPerUnit(text);
  const font = { fontWeight: 700, fontFamily: 'inherit' } as const;
  return (
    <g transform={`rotate(${box.rotate} ${box.cx} ${box.cy})`}>
      <rect
        x={box.cx - box.w / 2}
        y={box.cy - box.h / 2}
        width={box.w}
        height={box.h}
        rx={6}
        fill="none"
        stroke={colour}
        strokeOpacity={0.45}
        strokeWidth={2}
        strokeDasharray="6 5"
      />
      <text ref={probe} x={0} y={-PROBE_SIZE} fontSize={PROBE_SIZE} visibility="hidden" {...font}>
        {text}
      </text>
      <text
        data-testid="preview-name"
        x={box.cx}
        y={box.cy}
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={fitFontSize(perUnit, box)}
        fill={colour}
        {...font}
      >
        {text}
      </text>
    </g>
  );
}

/** A flag patch drawn in its box: the US flag, or Arizona's rays, blue field and copper star. */
function Patch({ type, box }: { type: Exclude<CustomizationType, 'add_name'>; box: Box }) {
  const { w, h } = box;
  const x = -w / 2;
  const y = -h / 2;
  const art =
    type === 'us_flag' ? (
      <>
        <rect x={x} y={y} width={w} height={h} fill="#ffffff" />
        {Array.from({ length: 7 }, (_, i) => (
          <rect key={i} x={x} y={y + (i * 2 * h) / 13} width={w} height={h / 13} fill="#b22234" />
        ))}
        <rect x={x} y={y} width={w * 0.42} height={(h * 7) / 13} fill="#3c3b6e" />
      </>
    ) : (
      <>
        <rect x={x} y={y} width={w} height={h / 2} fill="#fedf00" />
        {Array.from({ length: 7 }, (_, i) => {
          const a0 = Math.PI + (i * 2 * Math.PI) / 13;
          const a1 = a0 + Math.PI / 13;
          const r = w;
          return (
            <path
              key={i}
              d={`M0 0 L${r * Math.cos(a0)} ${r * Math.sin(a0)} L${r * Math.cos(a1)} ${r * Math.sin(a1)} Z`}
              fill="#bf0a30"
            />
          );
        })}
        <rect x={x} y={0} width={w} height={h / 2} fill="#002868" />
        <circle r={h * 0.2} fill="#ce5c17" />
      </>
    );
  return (
    <g transform={`translate(${box.cx} ${box.cy}) rotate(${box.rotate})`}>
      <clipPath id={`patch-${type}`}>
        <rect x={x} y={y} width={w} height={h} rx={4} />
      </clipPath>
      <g clipPath={`url(#patch-${type})`}>{art}</g>
      <rect x={x} y={y} width={w} height={h} rx={4} fill="none" stroke="#111827" strokeWidth={2.5} />
    </g>
  );
}

/** A kind an admin added has no art of its own: a plain patch where it is sewn, with its text when it has one. */
function GenericPatch({ box, text }: { box: Box; text: string | null }) {
  const { w, h } = box;
  return (
    <g transform={`translate(${box.cx} ${box.cy}) rotate(${box.rotate})`} data-testid="preview-kind">
      <rect x={-w / 2} y={-h / 2} width={w} height={h} rx={6} fill="#e5e7eb" stroke="#111827" strokeWidth={2.5} />
      <rect
        x={-w / 2 + 5}
        y={-h / 2 + 5}
        width={w - 10}
        height={h - 10}
        rx={4}
        fill="none"
        stroke="#6b7280"
        strokeWidth={1.5}
        strokeDasharray="4 3"
      />
      {text && (
        <text
          textAnchor="middle"
          dominantBaseline="central"
          fontWeight={700}
          fill="#111827"
          fontSize={fitFontSize(estimateWidthPerUnit(text), { w: w - 10, h })}
        >
          {text}
        </text>
      )}
    </g>
  );
}

/** `labels`: the added kinds' labels by key, so the list names a department patch as the shop does. */
const describe = (c: Customization, labels: Record<string, string>) =>
  `${placementText(c.type, c.position, labels[c.type])}${c.text ? `: “${c.text}”` : ''}`;

/** The customer's logo as the preview draws it: its WebP preview where it is sewn. */
type PreviewLogo = { name: string; preview_url: string; position: Position };

type Props = {
  product: Product;
  customizations: Customization[];
  logo?: PreviewLogo | null;
  view: View;
  onViewChange: (view: View) => void;
  /** The added kinds' labels by key (SPEC's three have their own words). */
  labels?: Record<string, string>;
};

export function GarmentPreview({ product, customizations, logo, view, onViewChange, labels = {} }: Props) {
  const logoAt = logo ? logoBox(product.category, logo.position, product.is_multi_image ? view : 'front') : null;
  const shown = product.is_multi_image ? view : 'front';
  const { t } = useTranslation();
  const colour = threadColour(product.color_hex);
  const nameOnFront = shown === 'back' && customizations.some((c) => c.type === 'add_name');
  return (
    <figure className="space-y-2">
      <div className="relative overflow-hidden rounded-xl bg-gray-100" data-testid="garment-preview">
        <ProductImage
          imageBase={product.image_base}
          multi={product.is_multi_image}
          side={shown}
          size={500}
          colorHex={product.color_hex}
          category={product.category}
          alt={
            t(shown === 'front' ? 'dialog.previewFront' : 'dialog.previewBack', { name: product.name }) +
            (customizations.length ? t('dialog.previewCustomized') : '')
          }
          eager
          className="aspect-square w-full"
        />
        <svg
          viewBox={`0 0 ${PREVIEW_UNITS} ${PREVIEW_UNITS}`}
          aria-hidden
          className="pointer-events-none absolute inset-0 h-full w-full"
        >
          {customizations.map((c) => {
            if (c.type !== 'add_name' && c.type !== 'us_flag' && c.type !== 'az_flag') {
              const spot = logoBox(product.category, c.position, shown);
              return spot ? <GenericPatch key={c.type} box={spot} text={c.text} /> : null;
            }
            const box = placementBox(product.category, c.type, c.position, shown);
            if (!box) return null;
            return c.type === 'add_name' ? (
              <FittedName key={c.type} text={c.text || 'Your name'} box={box} colour={colour} />
            ) : (
              <Patch key={c.type} type={c.type} box={box} />
            );
          })}
          {logo && logoAt && (
            <g transform={`rotate(${logoAt.rotate} ${logoAt.cx} ${logoAt.cy})`} data-testid="preview-logo">
              <image
                href={logo.preview_url}
                x={logoAt.cx - logoAt.w / 2}
                y={logoAt.cy - logoAt.h / 2}
                width={logoAt.w}
                height={logoAt.h}
                preserveAspectRatio="xMidYMid meet"
              />
            </g>
          )}
        </svg>
        {product.is_multi_image && (
          <RadioGroup
            label={t('dialog.viewLabel')}
            look="overlay"
            className="absolute bottom-3 left-1/2 -translate-x-1/2"
            value={view}
            onChange={onViewChange}
            options={[
              { value: 'front' as const, label: t('dialog.viewFront') },
              { value: 'back' as const, label: t('dialog.viewBack') },
            ]}
          />
        )}
      </div>
      <figcaption className="text-sm text-gray-300">
        {customizations.length || logo ? (
          <ul className="space-y-0.5" data-testid="preview-placements">
            {customizations.map((c) => (
              <li key={c.type} className="break-words">
                {describe(c, labels)}
              </li>
            ))}
            {logo && <li className="break-words">{placementText('logo', logo.position, `Logo: ${logo.name}`)}</li>}
          </ul>
        ) : (
          <p>{t('dialog.previewEmpty')}</p>
        )}
        <p className="mt-1 text-xs text-gray-400">
          {shown === 'front'
            ? t('dialog.frontView')
            : t('dialog.backView') + (nameOnFront ? t('dialog.nameOnFront') : '')}
        </p>
      </figcaption>
    </figure>
  );
}
