import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code as inline SVG, drawn synchronously (the callback form of toString runs at once) so it is on the page
 * before anyone prints. The markup comes from the qrcode library and encodes only the given URL.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const svg = useMemo(() => {
    let out = '';
    QRCode.toString(value, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }, (err, s) => {
      if (!err) out = s;
    });
    return out;
  }, [value]);
  return <div role="img" aria-label={label} className={className} dangerouslySetInnerHTML={{ __html: svg }} />;
}

/** The staff view of an order, where a scanned work order lands (/admin/orders?order=<id>). */
export const orderLink = (id: number) => `${window.location.origin}/admin/orders?order=${id}`;
