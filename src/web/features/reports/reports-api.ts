import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportKind } from '@shared/reports';
import { apiGet } from '@web/lib/api';

export type ReportRange = { from: string; to: string };

export const reportQueryString = ({ from, to }: ReportRange) =>
  `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

/** One report; the last one stays on screen while the next loads. Off while one of the books is shown. */
export const useReport = (kind: ReportKind, range: ReportRange, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['report', kind, range.from, range.to],
    queryFn: () => apiGet('/reports/{kind}', { path: { kind }, query: range }).then((r) => r.report),
    placeholderData: keepPreviousData,
    retry: false,
  });
