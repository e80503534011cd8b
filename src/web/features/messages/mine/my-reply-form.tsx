import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SEND_FAILED } from '@shared/contact';
import { customerReplySchema, type CustomerReplyInput } from '@shared/my-messages';
import { Button, Field, Textarea } from '@web/components/ui';
import { useFromEnglish } from '@web/i18n';
import { errorText } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useSendMyReply } from '../api/mine';

/** The customer's answer: the contact form's message rules, validated on blur; a short box so the thread stays in view. */
export function MyReplyForm({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation();
  const words = useFromEnglish();
  const send = useSendMyReply();
  const { register, handleSubmit, reset, watch, clearErrors, formState } = useForm<CustomerReplyInput>({
    resolver: zodResolver(customerReplySchema),
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: { message: '' },
  });
  const raw = watch('message') ?? '';
  const text = raw.trim();
  const valid = customerReplySchema.safeParse({ message: raw }).success;
  const submit = (body: CustomerReplyInput) =>
    send.mutate(
      { id: conversationId, body },
      {
        onSuccess: () => {
          reset();
          toast.success(t('messages.sent'));
        },
        onError: (err) => toast.error(words(errorText(err, SEND_FAILED))),
      },
    );
  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit)}
      className="space-y-2 border-t border-gray-800 p-3 sm:p-4"
      aria-label={t('messages.reply')}
    >
      <Field
        id="my-reply"
        label={t('messages.yourReply')}
        error={formState.errors.message?.message}
        hint={t('messages.count', { n: text.length })}
      >
        <Textarea
          rows={3}
          className="resize-y"
          placeholder={t('messages.placeholder')}
          {...register('message', { onChange: () => clearErrors('message') })}
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" loading={send.isPending} disabled={!valid}>
          {send.isPending ? null : <Send className="h-4 w-4" aria-hidden />}
          {send.isPending ? t('contact.sending') : t('messages.send')}
        </Button>
      </div>
    </form>
  );
}
