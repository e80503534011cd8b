import { useTranslation } from 'react-i18next';
import { useFromEnglish } from '@web/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  CONTACT_REASONS,
  REASON_LABELS,
  reasonNeedsOrder,
  userContactSchema,
  type UserContactInput,
  type UserContactPayload,
} from '@shared/contact';
import { formatUsd } from '@shared/money';
import { formatShopDate } from '@shared/time';
import { customerStatusText } from '@shared/order-status-words';
import type { Order } from '@shared/orders';
import type { User } from '@shared/user';
import { Options } from '@web/components/forms/options';
import { useOrderChoices } from './api/my-orders';
import { Input, Select } from '@web/components/ui';
import { Field, Honeypot, MessageField, SubmitRow } from './form-parts';
import { useSend } from './use-send';
import { personName } from '@shared/person-name';

const fullName = (u: User) => personName(u.first_name, u.last_name, '');
const orderLabel = (o: Order) =>
  [
    `#${o.order_number}`,
    formatShopDate(o.created_at),
    typeof o.total === 'number' ? formatUsd(o.total) : null,
    customerStatusText(o),
  ]
    .filter(Boolean)
    .join(' · ');

/** docs/product.md#validation-messages signed-in contact form: a reason, an order of one's own when the reason is about an order, a message. */
export function UserContactForm({ user, onSent }: { user: User; onSent: () => void }) {
  const { t } = useTranslation();
  const words = useFromEnglish();
  const { register, handleSubmit, watch, clearErrors, setError, formState } = useForm<
    UserContactInput,
    unknown,
    UserContactPayload
  >({
    resolver: zodResolver(userContactSchema),
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: {
      contact_type: 'user',
      name: fullName(user),
      email: user.email,
      reason: '' as UserContactInput['reason'],
      order_id: '',
      message: '',
      website: '',
    },
  });
  const { send, sendError, pending } = useSend(setError, onSent);
  const values = watch();
  const needsOrder = reasonNeedsOrder(values.reason);
  const orders = useOrderChoices(needsOrder);
  const valid = userContactSchema.safeParse(values).success;
  const e = formState.errors;
  const clearing = (name: keyof UserContactInput) => ({ onChange: () => clearErrors(name) });

  const submit = ({ recaptcha_token: _t, ...body }: UserContactPayload) => {
    const order = orders.data?.find((o) => o.id === body.order_id);
    send(
      needsOrder
        ? { ...body, order_number: order?.order_number ?? null }
        : { ...body, order_id: null, order_number: null },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="relative space-y-4">
      <p className="text-sm text-gray-400">
        {t('contact.replyTo')} <span className="text-gray-200">{user.email}</span>.
      </p>
      {fullName(user) ? null : (
        <Field id="contact-name" label={t('contact.name')} error={e.name?.message}>
          <Input autoComplete="name" {...register('name', clearing('name'))} />
        </Field>
      )}
      <Field id="contact-reason" label={t('contact.reason')} error={e.reason?.message}>
        <Select {...register('reason', { onChange: () => clearErrors(['reason', 'order_id']) })}>
          <Options
            empty={t('contact.selectReason')}
            values={CONTACT_REASONS}
            labels={
              Object.fromEntries(CONTACT_REASONS.map((r) => [r, words(REASON_LABELS[r])])) as typeof REASON_LABELS
            }
          />
        </Select>
      </Field>
      {needsOrder ? (
        <Field
          id="contact-order"
          label={t('contact.order')}
          error={e.order_id?.message}
          hint={orderHint(orders.isLoading, orders.isError, orders.data?.length, t)}
        >
          <Select disabled={!orders.data?.length} {...register('order_id', clearing('order_id'))}>
            <option value="">{orders.isLoading ? t('contact.loadingOrders') : t('contact.selectOrder')}</option>
            {(orders.data ?? []).map((o) => (
              <option key={o.id} value={String(o.id)}>
                {orderLabel(o)}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      <MessageField
        error={e.message?.message}
        text={values.message}
        rows={5}
        placeholder={t('contact.userPlaceholder')}
        registration={register('message', clearing('message'))}
      />
      <Honeypot register={() => register('website')} />
      <SubmitRow disabled={!valid} pending={pending} sendError={sendError} />
    </form>
  );
}

function orderHint(loading: boolean, failed: boolean, count: number | undefined, t: (key: string) => string) {
  if (loading) return null;
  if (failed) return t('contact.ordersFailed');
  if (count === 0) return t('contact.noOrders');
  return null;
}
