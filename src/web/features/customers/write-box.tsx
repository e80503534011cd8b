import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@web/components/forms/error-alert';
import { Button, Field, Textarea } from '@web/components/ui';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';

/** A labelled text box with one button: a note or a message, sent, cleared on success, the server's words on failure. */
export function WriteBox({
  label,
  button,
  done,
  send,
}: {
  label: string;
  button: string;
  done: string;
  send: (text: string) => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await send(text);
      setText('');
      toast.success(done);
    } catch (err) {
      setError(errorText(err, `Could not ${button.toLowerCase()}`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <Field label={label}>
        <Textarea rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      </Field>
      <ErrorAlert message={error} className="text-sm text-red-400" />
      <Button type="submit" variant="secondary" size="sm" loading={busy}>
        {button}
      </Button>
    </form>
  );
}
