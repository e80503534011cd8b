import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { allowedEmailBodySchema } from '@shared/admin';
import { showServerErrors } from '@web/components/forms/server-errors';
import { Button, Field, Input } from '@web/components/ui';
import { toast } from '@web/lib/toast';
import { useAddAllowedEmail } from './api/access-calls';

type Body = z.output<typeof allowedEmailBodySchema>;

/** Adds a whole address or an @domain to the allowed list, checked with the shared rule. */
export function AllowedEmailForm() {
  const add = useAddAllowedEmail();
  const form = useForm<z.input<typeof allowedEmailBodySchema>, unknown, Body>({
    resolver: zodResolver(allowedEmailBodySchema),
    defaultValues: { pattern: '' },
  });
  const submit = ({ pattern }: Body) =>
    add.mutate(pattern, {
      onSuccess: () => {
        form.reset();
        toast.success(`${pattern} added`);
      },
      onError: (err) => showServerErrors(err, form.setError, ['pattern'], 'Failed to add the entry'),
    });
  const e = form.formState.errors;
  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="mt-4 flex flex-col gap-2 sm:flex-row">
      <Field
        id="allowed-pattern"
        label="Address or @domain"
        labelHidden
        error={e.pattern?.message ?? e.root?.server?.message}
        className="flex-1"
      >
        <Input placeholder="name@example.gov or @example.gov" className="text-sm" {...form.register('pattern')} />
      </Field>
      <Button type="submit" size="md" loading={add.isPending} className="self-start text-sm">
        Add
      </Button>
    </form>
  );
}
