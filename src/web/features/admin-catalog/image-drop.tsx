import { ImageUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { productImageUrl } from '@shared/cart-basics';
import { IMAGE_MAX_BYTES, type AdminProduct, type ImageSide } from '@shared/catalog-admin';
import { Button, ConfirmDialog, Input, cx } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useRemoveImage, useUploadImage } from './api/catalog-calls';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** One side's photo of one colour: what the store shows now, and a drop zone or picker to replace it, with progress. */
export function ImageDrop({ product, side, canEdit }: { product: AdminProduct; side: ImageSide; canEdit: boolean }) {
  const upload = useUploadImage();
  const remove = useRemoveImage();
  const [removing, setRemoving] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [over, setOver] = useState(false);
  const has = product.images[side];
  const label = `${product.name} ${side} photo`;

  const send = (file: File | undefined) => {
    if (!file) return;
    // The server decides by the bytes; this only spares a 10 MB upload that would be refused anyway.
    if (file.size > IMAGE_MAX_BYTES) return toast.error('The image must be at most 10 MB');
    setProgress(0);
    upload.mutate(
      { id: product.id, side, file, onProgress: setProgress },
      {
        onSuccess: () => toast.success(`${label} saved`),
        onError: (err) => toast.error(errorText(err, 'The upload failed')),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <div
      data-testid={`image-drop-${side}`}
      onDragOver={(e) => {
        if (!canEdit) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        if (!canEdit) return;
        e.preventDefault();
        setOver(false);
        send(e.dataTransfer.files[0]);
      }}
      className={cx(
        'flex w-36 flex-col items-center gap-2 rounded-lg border border-dashed p-2 text-center text-xs',
        over ? 'border-brand-400 bg-brand-500/10' : 'border-gray-700',
      )}
    >
      <span className="font-medium text-gray-300 capitalize">{side}</span>
      {has ? (
        <img
          src={productImageUrl(product.image_base, 250, product.is_multi_image ? side : undefined)}
          alt={label}
          width={120}
          height={120}
          className="h-[120px] w-[120px] rounded-md object-cover"
        />
      ) : (
        <div className="flex h-[120px] w-[120px] items-center justify-center rounded-md bg-gray-800 text-gray-400">
          No photo
        </div>
      )}
      {progress !== null ? (
        <div
          className="w-full"
          role="progressbar"
          aria-label={`Uploading ${label}`}
          aria-valuenow={Math.round(progress * 100)}
        >
          <div className="h-1.5 w-full overflow-hidden rounded bg-gray-800">
            <div
              className="h-full bg-brand-500 transition-[width]"
              style={{ width: `${Math.round(progress * 100)}%` }}
            />
          </div>
          <span className="text-gray-400">{progress < 1 ? `${Math.round(progress * 100)}%` : 'Processing...'}</span>
        </div>
      ) : canEdit ? (
        <>
          <Input
            ref={picker}
            type="file"
            accept={ACCEPT}
            // Never shown: the button opens it, so it needs no place in the layout or the tab order.
            hidden
            data-testid={`image-file-${side}`}
            aria-label={`Choose ${label}`}
            tabIndex={-1}
            onChange={(e) => {
              send(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button variant="secondary" size="sm" onClick={() => picker.current?.click()}>
            <ImageUp className="h-4 w-4" aria-hidden /> {has ? 'Replace' : 'Upload'}
          </Button>
          {has ? (
            <Button variant="link" size="sm" onClick={() => setRemoving(true)} aria-label={`Remove ${label}`}>
              Remove
            </Button>
          ) : null}
          <span className="text-gray-400">or drop a JPEG, PNG or WebP (10 MB)</span>
        </>
      ) : null}
      <ConfirmDialog
        open={removing}
        title="Remove photo?"
        description={`The store shows a plain backdrop for ${product.name} until a new photo is uploaded. Placed orders keep the old one.`}
        confirmLabel="Remove photo"
        danger
        pending={remove.isPending}
        onCancel={() => setRemoving(false)}
        onConfirm={() =>
          remove.mutate(
            { id: product.id, side },
            {
              onSuccess: () => toast.success(`${label} removed`),
              onError: (err) => toast.error(errorText(err, 'Failed to remove the photo')),
              onSettled: () => setRemoving(false),
            },
          )
        }
      />
    </div>
  );
}
