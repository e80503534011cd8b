import { z } from 'zod';

/** Row ids are PostgreSQL integers: anything outside 1..2^31-1 cannot exist, so it is refused before any query. */
export const MAX_ROW_ID = 2_147_483_647;
export const rowId = z.coerce
  .number({ error: 'Invalid id' })
  .int('Invalid id')
  .min(1, 'Invalid id')
  .max(MAX_ROW_ID, 'Invalid id');
export const idParams = z.object({ id: rowId });
