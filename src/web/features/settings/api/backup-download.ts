import { useMutation } from '@tanstack/react-query';
import type { ApiError } from '@shared/api-error';
import { API_BASE } from '@shared/constants';
import { ApiRequestError } from '@web/lib/api';

/**
 * POST /admin/backup: the shop's data as one file, saved through a link the browser clicks. fetch, not the JSON client:
 * the answer is the file. The server records the download in the audit log before it reads anything.
 */
async function downloadBackup(): Promise<string> {
  const res = await fetch(`${API_BASE}/admin/backup`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as Partial<ApiError> | null;
    throw new ApiRequestError(res.status, body);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'shop-backup.jsonl';
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return name;
}

export const useDownloadBackup = () => useMutation({ mutationFn: downloadBackup });
