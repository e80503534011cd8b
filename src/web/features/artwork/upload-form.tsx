import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ARTWORK_ACCEPT, ARTWORK_MAX_BYTES, ARTWORK_MESSAGES, artworkUploadFields } from '@shared/artwork';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { showServerErrors } from '@web/components/forms/server-errors';
import { Button, Field, Input } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useUploadArtwork } from './api/artwork-calls';

type Values = z.input<typeof artworkUploadFields>;

/** Name and file: the customer's own upload, or staff's for a customer (customerId). */
export function UploadForm({ customerId, onDone }: { customerId?: number; onDone?: (id: number) => void }) {
  const upload = useUploadArtwork();
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof artworkUploadFields>>({
    resolver: zodResolver(artworkUploadFields),
    defaultValues: { name: '' },
  });
  const submit = form.handleSubmit(async ({ name }) => {
    const file = picker.current?.files?.[0];
    if (!file) return setFileError(ARTWORK_MESSAGES.fileRequired);
    // The server decides by the bytes; this only spares sending a file that would be refused for its size.
    if (file.size > ARTWORK_MAX_BYTES) return setFileError(ARTWORK_MESSAGES.tooLarge);
    setFileError(null);
    try {
      const { artwork } = await upload.mutateAsync({ name, file, customerId });
      toast.success(t('artwork.uploaded', { name: artwork.name }));
      form.reset();
      if (picker.current) picker.current.value = '';
      onDone?.(artwork.id);
    } catch (err) {
      showServerErrors(err, form.setError, ['name'], t('artwork.uploadFailed'));
    }
  });
  return (
    <form noValidate onSubmit={submit} aria-label={t('artwork.uploadLabel')} className="space-y-3">
      <Field
        label={t('artwork.name')}
        hint={t('artwork.nameHint')}
        error={form.formState.errors.name?.message}
        required
      >
        <Input autoComplete="off" maxLength={80} {...form.register('name')} />
      </Field>
      <Field label={t('artwork.file')} hint={t('artwork.fileHint')} error={fileError} required>
        <Input ref={picker} type="file" accept={ARTWORK_ACCEPT} onChange={() => setFileError(null)} />
      </Field>
      <ErrorAlert message={form.formState.errors.root?.server?.message} />
      <Button type="submit" loading={upload.isPending}>
        {upload.isPending ? t('artwork.uploading') : t('artwork.upload')}
      </Button>
    </form>
  );
}
