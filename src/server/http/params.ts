import { z } from 'zod';
import { coercedRowId } from '../../shared/fields';

/** Row ids are PostgreSQL integers: the one rule lives in src/shared/fields.ts (`coercedRowId`). */
export const rowId = coercedRowId();
export const idParams = z.object({ id: rowId });
