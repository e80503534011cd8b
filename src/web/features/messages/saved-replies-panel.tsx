import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { REPLY_MAX } from '@shared/contact';
import {
  SAVED_REPLY_TITLE_MAX,
  savedReplyInputSchema,
  type SavedReply,
  type SavedReplyInput,
} from '@shared/saved-replies';
import { Button, ConfirmDialog, Field, Input, Textarea } from '@web/components/ui';
import { useSession } from '@web/features/auth';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useDeleteSavedReply, useSaveSavedReply, useSavedReplies } from './api/saved-replies';

const EMPTY: SavedReplyInput = { title: '', body: '' };

/** Add a saved reply (editing = null) or change one. */
function SavedReplyForm({ editing, onDone }: { editing: SavedReply | null; onDone: () => void }) {
  const save = useSaveSavedReply();
  const { register, handleSubmit, reset, formState } = useForm<SavedReplyInput>({
    resolver: zodResolver(savedReplyInputSchema),
    values: editing ? { title: editing.title, body: editing.body } : EMPTY,
  });
  const submit = (body: SavedReplyInput) =>
    save.mutate(
      { id: editing?.id ?? null, body },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          reset(EMPTY);
          onDone();
        },
        onError: (err) => toast.error(errorText(err, 'Failed to save the saved reply')),
      },
    );
  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit)}
      aria-label={editing ? 'Edit saved reply' : 'New saved reply'}
      className="space-y-3 rounded-lg border border-gray-800 bg-ink-900 p-4"
    >
      <h3 className="text-sm font-semibold text-white">{editing ? `Edit “${editing.title}”` : 'New saved reply'}</h3>
      <Field id="saved-reply-title" label="Title" error={formState.errors.title?.message}>
        <Input maxLength={SAVED_REPLY_TITLE_MAX} {...register('title')} />
      </Field>
      <Field id="saved-reply-body" label="Reply text" error={formState.errors.body?.message}>
        <Textarea rows={4} maxLength={REPLY_MAX} className="resize-y" {...register('body')} />
      </Field>
      <div className="flex justify-end gap-2">
        {editing ? (
          <Button variant="secondary" size="sm" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" loading={save.isPending}>
          {editing ? 'Save changes' : 'Add saved reply'}
        </Button>
      </div>
    </form>
  );
}

/** /admin/messages/saved-replies: admins keep the list; employees read it (they insert replies from the composer). */
export function SavedRepliesPanel() {
  const isAdmin = useSession().data?.role === 'admin';
  const { search } = useLocation();
  const { data, isPending, isError } = useSavedReplies();
  const remove = useDeleteSavedReply();
  const [editing, setEditing] = useState<SavedReply | null>(null);
  const [deleting, setDeleting] = useState<SavedReply | null>(null);
  const list = data?.saved_replies ?? [];

  return (
    <section aria-labelledby="saved-replies-title" className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
      <div className="mb-4 flex items-center gap-3">
        <Link
          to={`/admin/messages${search}`}
          className="rounded-md p-1 text-gray-400 hover:bg-gray-800 hover:text-white lg:hidden"
          aria-label="Back to conversations"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden />
        </Link>
        <div>
          <h2 id="saved-replies-title" className="text-lg font-semibold text-white">
            Saved replies
          </h2>
          <p className="text-sm text-gray-400">
            {isAdmin
              ? 'Staff insert these into a reply and edit them before sending.'
              : 'Insert one from the reply box of a conversation. Only admins can change the list.'}
          </p>
        </div>
      </div>
      {isAdmin ? <SavedReplyForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} /> : null}
      {isPending ? (
        <p className="mt-4 text-sm text-gray-500">Loading saved replies…</p>
      ) : isError ? (
        <p role="alert" className="mt-4 text-sm text-red-400">
          Failed to fetch saved replies
        </p>
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-gray-500">No saved replies yet.</p>
      ) : (
        <ul className="mt-4 space-y-2" aria-label="Saved replies">
          {list.map((r) => (
            <li key={r.id} data-testid="saved-reply" className="rounded-lg border border-gray-800 px-4 py-3">
              <div className="flex items-start gap-2">
                <h3 className="min-w-0 flex-1 truncate font-medium text-gray-100">{r.title}</h3>
                {isAdmin ? (
                  <>
                    <Button variant="ghost" size="sm" onClick={() => setEditing(r)} aria-label={`Edit ${r.title}`}>
                      <Pencil className="h-4 w-4" aria-hidden />
                    </Button>
                    <Button
                      variant="danger-quiet"
                      size="sm"
                      onClick={() => setDeleting(r)}
                      aria-label={`Delete ${r.title}`}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </Button>
                  </>
                ) : null}
              </div>
              <p className="mt-1 line-clamp-3 text-sm whitespace-pre-wrap text-gray-400">{r.body}</p>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete saved reply?"
        description={deleting ? `“${deleting.title}” is removed for all staff.` : undefined}
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          remove.mutate(deleting!.id, {
            onSuccess: () => {
              toast.success('Saved reply deleted');
              if (editing?.id === deleting!.id) setEditing(null);
              setDeleting(null);
            },
            onError: (err) => toast.error(errorText(err, 'Failed to delete the saved reply')),
          })
        }
      />
    </section>
  );
}
