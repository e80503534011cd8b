import { Package } from 'lucide-react';
import type { ReactNode } from 'react';
import { REASON_LABELS, type ContactReason } from '@shared/contact';

// The list row and the message in the thread label a reason and an order alike.

export const ReasonTag = ({ reason }: { reason: ContactReason }) => (
  <span className="rounded bg-gray-800 px-1.5 py-0.5 text-gray-300">{REASON_LABELS[reason]}</span>
);

export const OrderTag = ({ children }: { children: ReactNode }) => (
  <span className="inline-flex items-center gap-1 rounded bg-sky-500/10 px-1.5 py-0.5 text-sky-300">
    <Package className="h-3 w-3" aria-hidden />
    {children}
  </span>
);
