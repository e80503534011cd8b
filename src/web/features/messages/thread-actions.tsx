import { MailWarning } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Thread } from '@shared/contact';
import { Button, Select } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useAssign, useMarkUnread, useStaffMembers } from './api/staff-tools';

/** Who looks after the conversation: any staff member, or nobody. */
export function AssigneeSelect({ conversation }: { conversation: Thread['conversation'] }) {
  const staff = useStaffMembers().data?.staff ?? [];
  const assign = useAssign(conversation.id);
  const current = conversation.assignee;
  // The assignee is listed even before the staff list loads (or once they have left), so the select never lies.
  const options = current && !staff.some((s) => s.id === current.id) ? [current, ...staff] : staff;
  return (
    <div className="min-w-0 basis-full sm:basis-auto">
      <label htmlFor="thread-assignee" className="sr-only">
        Assigned to
      </label>
      <Select
        id="thread-assignee"
        dense
        className="w-full text-sm sm:w-44 lg:w-32 xl:w-44"
        value={current ? String(current.id) : ''}
        disabled={assign.isPending}
        onChange={(e) =>
          assign.mutate(e.target.value ? Number(e.target.value) : null, {
            onSuccess: (answer) => toast.success(answer.message),
            onError: (err) => toast.error(errorText(err, 'Failed to assign conversation')),
          })
        }
      >
        <option value="">Unassigned</option>
        {options.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Unread for staff again; back to the list, since an open thread is a read one. */
export function MarkUnreadButton({ conversationId, search }: { conversationId: number; search: string }) {
  const markUnread = useMarkUnread(conversationId);
  const navigate = useNavigate();
  return (
    <Button
      variant="secondary"
      size="sm"
      className="shrink-0 gap-1.5"
      title="Mark unread"
      loading={markUnread.isPending}
      onClick={() =>
        markUnread.mutate(undefined, {
          onSuccess: () => {
            toast.success('Marked as unread');
            navigate(`/admin/messages${search}`);
          },
          onError: (err) => toast.error(errorText(err, 'Failed to mark as unread')),
        })
      }
    >
      {markUnread.isPending ? null : <MailWarning className="h-4 w-4" aria-hidden />}
      <span className="lg:sr-only 2xl:not-sr-only">Mark unread</span>
    </Button>
  );
}
