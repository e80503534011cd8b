import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button, ConfirmDialog } from '@web/components/ui';
import { ApiRequestError, errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useSendStatement } from './report-api';

/**
 * "Send statement now": the approvers get this month's orders so far, one e-mail each. The server records the send;
 * a second one the same month comes back as a question, and only "Send again" repeats it.
 */
export function SendStatement({ departmentId }: { departmentId: number }) {
  const send = useSendStatement(departmentId);
  const [open, setOpen] = useState(false);
  const [alreadySent, setAlreadySent] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setAlreadySent(null);
  };
  const confirm = () =>
    send.mutate(alreadySent !== null, {
      onSuccess: (s) => {
        close();
        toast.success(`Statement sent to ${s.recipients.join(', ')}`);
      },
      onError: (err) => {
        if (err instanceof ApiRequestError && err.status === 409) {
          setAlreadySent(err.messageOr('Already sent'));
          return;
        }
        close();
        toast.error(errorText(err, 'Failed to send the statement'));
      },
    });
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <Send className="h-4 w-4" aria-hidden />
        Send statement now
      </Button>
      <ConfirmDialog
        open={open}
        title={alreadySent ? 'Send the statement again?' : 'Send the statement now?'}
        description={
          alreadySent ??
          "Each approver of the department gets an e-mail listing this month's orders so far. The full month still goes out on the first of next month if the department has monthly statements on."
        }
        confirmLabel={alreadySent ? 'Send again' : 'Send statement'}
        pending={send.isPending}
        onConfirm={confirm}
        onCancel={close}
      />
    </>
  );
}
