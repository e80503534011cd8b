import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { showServerErrors } from '@web/components/forms/server-errors';
import { Button, Field, Textarea } from '@web/components/ui';
import { toast } from '@web/lib/toast';

/**
 * A labelled text box with one button: a note or a message, checked with its shared rule, sent, cleared on success,
 * the server's words on failure.
 */
export function WriteBox({
  label,
  button,
  done,
  rule,
  send,
}: {
  label: string;
  button: string;
  done: string;
  /** The shared schema's rule for the text (a note's body, a message). */
  rule: z.ZodType<string, string>;
  send: (text: string) => Promise<unknown>;
}) {
  const form = useForm<{ text: string }>({
    resolver: zodResolver(z.object({ text: rule })),
    defaultValues: { text: '' },
  });
  const submit = async ({ text }: { text: string }) => {
    try {
      await send(text);
      form.reset();
      toast.success(done);
    } catch (err) {
      showServerErrors(err, form.setError, [], `Could not ${button.toLowerCase()}`);
    }
  };
  const e = form.formState.errors;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-2">
      <Field label={label} error={e.text?.message ?? e.root?.server?.message}>
        <Textarea rows={3} {...form.register('text')} />
      </Field>
      <Button type="submit" variant="secondary" size="sm" loading={form.formState.isSubmitting}>
        {button}
      </Button>
    </form>
  );
}
