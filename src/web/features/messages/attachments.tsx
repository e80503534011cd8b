import { Paperclip } from 'lucide-react';
import type { MailAttachment } from '@shared/contact';

/** E-mailed attachments by name and size: the shop keeps neither their content nor a link to it. */
export function Attachments({ list }: { list: MailAttachment[] | null }) {
  if (!list?.length) return null;
  return (
    <ul className="mt-2 space-y-0.5 text-xs text-gray-400" aria-label="Attachments (not kept)">
      {list.map((a, i) => (
        <li key={i} className="flex items-center gap-1">
          <Paperclip className="h-3 w-3" aria-hidden />
          {a.name} <span className="text-gray-500">({Math.max(1, Math.round(a.size / 1024))} kB)</span>
        </li>
      ))}
    </ul>
  );
}
