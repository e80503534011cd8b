import { Paperclip } from 'lucide-react';
import type { MailAttachment } from '@shared/contact';

/** E-mailed attachments by name and size: the shop keeps neither their content nor a link to it. */
export function Attachments({
  list,
  label = 'Attachments (not kept)',
}: {
  list: MailAttachment[] | null;
  /** The list's name in the screen's language (the customer's page); staff read the English. */
  label?: string;
}) {
  if (!list?.length) return null;
  return (
    <ul className="mt-2 space-y-0.5 text-xs text-gray-400" aria-label={label}>
      {list.map((a, i) => (
        <li key={i} className="flex items-center gap-1">
          <Paperclip className="h-3 w-3" aria-hidden />
          {/* eslint-disable-next-line local/customer-text -- kB is the unit's symbol in Spanish too */}
          {a.name} <span className="text-gray-500">({Math.max(1, Math.round(a.size / 1024))} kB)</span>
        </li>
      ))}
    </ul>
  );
}
