import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@shared/api-error';
import type { AdminProduct, ImageSide, ProductCreate, ProductPatch } from '@shared/catalog-admin';
import { API_BASE } from '@shared/constants';
import { productsQuery } from '@web/features/store';
import { ApiRequestError, apiDelete, apiGet, apiPatch, apiPost, apiPut } from '@web/lib/api';

const KEY = ['admin', 'products'] as const;

/** After a change, the editor's list and this tab's store both read again. */
const refresh = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all([qc.invalidateQueries({ queryKey: KEY }), qc.invalidateQueries({ queryKey: productsQuery.queryKey })]);

export const useAdminProducts = () =>
  useQuery({
    queryKey: KEY,
    queryFn: () => apiGet('/admin/products/').then((r) => r.products),
  });

export function useCreateProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductCreate) => apiPost('/admin/products/', body).then((r) => r.product),
    onSuccess: () => refresh(qc),
  });
}

/** One PATCH per product: a garment's fields are sent to each of its colours. */
export function usePatchProducts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (changes: { id: number; patch: ProductPatch }[]) => {
      const out: AdminProduct[] = [];
      for (const c of changes)
        out.push((await apiPatch('/admin/products/{id}', c.patch, { path: { id: c.id } })).product);
      return out;
    },
    onSettled: () => refresh(qc),
  });
}

/**
 * The upload goes through XMLHttpRequest, not fetch: only XHR reports upload progress. Same cookies and origin as
 * every other call; the server checks the file's bytes, so the browser's idea of its type is only a hint.
 */
export function uploadImage(
  id: number,
  side: ImageSide,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<AdminProduct> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/admin/products/${id}/images`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      const body = xhr.response as ({ product: AdminProduct } & Partial<ApiError>) | null;
      if (xhr.status === 200 && body?.product) resolve(body.product);
      else reject(new ApiRequestError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, null));
    const form = new FormData();
    form.append('side', side);
    form.append('file', file);
    xhr.send(form);
  });
}

export function useUploadImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; side: ImageSide; file: File; onProgress: (f: number) => void }) =>
      uploadImage(v.id, v.side, v.file, v.onProgress),
    onSettled: () => refresh(qc),
  });
}

export function useRemoveImage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; side: ImageSide }) =>
      apiDelete('/admin/products/{id}/images/{side}', { path: { id: v.id, side: v.side } }),
    onSettled: () => refresh(qc),
  });
}

/** PUT /admin/products/:id/quantity-breaks: the garment's own breaks on all its colours (null: the shop's). */
export function useSaveGarmentBreaks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: {
      id: number;
      breaks: { min_quantity: number; percent_off?: number; unit_price?: number }[] | null;
    }) =>
      apiPut('/admin/products/{id}/quantity-breaks', { breaks: v.breaks }, { path: { id: v.id } }).then(
        (r) => r.product,
      ),
    onSettled: () => Promise.all([refresh(qc), qc.invalidateQueries({ queryKey: ['cart'] })]),
  });
}
