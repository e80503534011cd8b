import { useQuery } from '@tanstack/react-query';
import type { DecorationKind } from '@shared/decorations';
import { apiGet } from '@web/lib/api';

/** What every customisation screen needs of a kind an admin added: its label, price, positions and text rule. */
export type OfferedKind = Pick<DecorationKind, 'key' | 'label' | 'price' | 'positions' | 'takes_text'>;

export const DECORATION_KINDS_KEY = ['decorations', 'active'] as const;

/**
 * The shop's active decoration kinds (GET /decorations): the store's customiser, the staff line editor and the kit
 * form offer a kind an admin added from these rows. SPEC's three are among them; their screens keep their own words.
 */
export const useDecorationKinds = (): OfferedKind[] =>
  useQuery({
    queryKey: DECORATION_KINDS_KEY,
    queryFn: () => apiGet('/decorations/').then((r) => r.kinds),
    staleTime: 60_000,
  }).data ?? [];
