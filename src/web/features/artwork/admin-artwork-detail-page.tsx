import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { ARTWORK_MAX_BYTES, ARTWORK_MESSAGES, PROOF_ACCEPT, proofFieldsSchema } from '@shared/artwork';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { showServerErrors } from '@web/components/forms/server-errors';
import { LoadState } from '@web/components/load-state';
import { Button, buttonClasses, Field, Input, Textarea } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useSendProof, useStaffArtwork, type ProofForm } from './api/artwork-calls';
import { ArtworkStatusBadge, ArtworkTimeline, ProofRound } from './proof-round';

const FIELDS = ['stitch_count', 'thread_colours', 'width_in', 'height_in', 'note'] as const;

/** The proof's image and facts; the customer is e-mailed a link when it is sent. */
function SendProofForm({ id, round }: { id: number; round: number }) {
  const send = useSendProof(id);
  const picker = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<z.input<typeof proofFieldsSchema>, unknown, z.output<typeof proofFieldsSchema>>({
    resolver: zodResolver(proofFieldsSchema),
    defaultValues: { stitch_count: '', thread_colours: '', width_in: '', height_in: '', note: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (v) => {
    const file = picker.current?.files?.[0];
    if (!file) return setFileError(ARTWORK_MESSAGES.fileRequired);
    if (file.size > ARTWORK_MAX_BYTES) return setFileError(ARTWORK_MESSAGES.tooLarge);
    setFileError(null);
    try {
      const fields: ProofForm = {
        stitch_count: String(v.stitch_count),
        thread_colours: v.thread_colours.join('\n'),
        width_in: String(v.width_in),
        height_in: String(v.height_in),
        note: v.note,
      };
      await send.mutateAsync({ ...fields, file });
      toast.success(`Proof ${round} sent to the customer`);
      form.reset();
      if (picker.current) picker.current.value = '';
    } catch (err) {
      showServerErrors(err, form.setError, FIELDS, 'The proof could not be sent');
    }
  });
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="send-proof"
      className="space-y-3 rounded-xl border border-gray-800 bg-ink-900 p-4"
    >
      <h2 id="send-proof" className="text-lg font-semibold text-white">
        Send proof {round}
      </h2>
      <Field label="Proof image" hint="PNG, JPEG or WebP of the digitised design" error={fileError} required>
        <Input ref={picker} type="file" accept={PROOF_ACCEPT} onChange={() => setFileError(null)} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Stitch count" error={errors.stitch_count?.message} required>
          <Input inputMode="numeric" {...form.register('stitch_count')} />
        </Field>
        <Field label="Width (inches)" error={errors.width_in?.message} required>
          <Input inputMode="decimal" {...form.register('width_in')} />
        </Field>
        <Field label="Height (inches)" error={errors.height_in?.message} required>
          <Input inputMode="decimal" {...form.register('height_in')} />
        </Field>
      </div>
      <Field
        label="Thread colours"
        hint="One per line, or separated by commas"
        error={errors.thread_colours?.message}
        required
      >
        <Textarea rows={2} {...form.register('thread_colours')} />
      </Field>
      <Field label="Note to the customer" error={errors.note?.message}>
        <Textarea rows={2} maxLength={2000} {...form.register('note')} />
      </Field>
      <ErrorAlert message={errors.root?.server?.message} />
      <Button type="submit" loading={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send proof to the customer'}
      </Button>
    </form>
  );
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** /admin/artwork/:id: the original, the rounds, the timeline, and the next proof when one is due. */
export default function AdminArtworkDetailPage() {
  const id = Number(useParams().id);
  const q = useStaffArtwork(id);
  const a = q.data?.artwork;
  return (
    <div className="space-y-5 px-4 py-6 sm:px-6">
      <Link to="/admin/artwork" className="inline-flex items-center gap-1 text-sm text-gray-300 underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Artwork
      </Link>
      <LoadState
        pending={q.isPending}
        failed={q.isError}
        pendingText="Loading the artwork…"
        failedText="This artwork could not be found."
      />
      {a ? (
        <>
          <div className="flex flex-wrap items-start gap-4">
            <img
              src={`${a.preview_url}?v=${encodeURIComponent(a.updated_at)}`}
              alt={`${a.name} preview`}
              className="h-36 w-36 rounded-lg bg-white object-contain p-1"
            />
            <div className="min-w-0 space-y-2">
              <h1 className="text-2xl font-bold break-words text-white">{a.name}</h1>
              <ArtworkStatusBadge status={a.status} />
              <p className="text-sm text-gray-300">
                For{' '}
                <Link className="text-brand-400 underline" to={`/admin/customers/${a.customer.id}`}>
                  {a.customer.name}
                </Link>{' '}
                ({a.customer.email}){a.uploaded_by ? `, uploaded by ${a.uploaded_by}` : ''}
              </p>
              <p className="text-sm text-gray-400">
                {a.file_name} · {a.format.toUpperCase()} · {size(a.file_size)}
                {a.preview_is_placeholder ? ' · preview is a placeholder (PDF)' : ''}
              </p>
              <a href={a.original_url} className={buttonClasses({ variant: 'secondary', size: 'sm' })} download>
                <Download className="h-4 w-4" aria-hidden /> Download the original
              </a>
            </div>
          </div>
          {a.status === 'submitted' || a.status === 'changes_requested' ? (
            <SendProofForm id={a.id} round={a.proofs.length + 1} />
          ) : null}
          <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
            <section aria-labelledby="rounds-heading" className="space-y-3">
              <h2 id="rounds-heading" className="text-lg font-semibold text-white">
                Proof rounds
              </h2>
              {a.proofs.length === 0 ? <p className="text-gray-400">No proof sent yet.</p> : null}
              {[...a.proofs].reverse().map((p) => (
                <ProofRound key={p.round} proof={p} />
              ))}
            </section>
            <section aria-labelledby="history-heading" className="space-y-2">
              <h2 id="history-heading" className="text-lg font-semibold text-white">
                History
              </h2>
              <ArtworkTimeline events={a.events} />
            </section>
          </div>
        </>
      ) : null}
    </div>
  );
}
