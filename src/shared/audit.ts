import { z } from 'zod';
import { searchTextField } from './fields';
import { blankAsAbsent } from './orders';
import { shopDayField, shopDayRange } from './shop-days';

// The audit log (GET /audit/, GET /audit/export.csv; admins only): every staff and admin write, who, what, when and
// from where. Days are the shop's (America/Phoenix), both ends inclusive.
const auditFilterFields = {
  /** The person who acted: their user id. */
  actor_id: blankAsAbsent(z.coerce.number().int().min(1).max(2_147_483_647, 'Choose a person')),
  kind: searchTextField(80),
  entity_type: searchTextField(40),
  /** A record's id (an order's id, a product's id ...), or an order number such as "CSU-1042". */
  entity: searchTextField(60),
  from: shopDayField,
  to: shopDayField,
};

export const auditQuerySchema = z
  .object({
    ...auditFilterFields,
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .superRefine(shopDayRange());
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditExportQuerySchema = z.object(auditFilterFields).superRefine(shopDayRange());
export type AuditFilters = z.infer<typeof auditExportQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor_id: z.number().nullable(),
  actor_email: z.string(),
  actor_role: z.string(),
  ip: z.string(),
  kind: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  method: z.string(),
  route: z.string(),
  /** Only the fields that changed: { field: { before, after } } (a bulk or multi-record change: per record id). */
  changes: z.record(z.string(), z.unknown()),
  input: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditAnswer = z.object({
  success: z.literal(true),
  entries: z.array(auditEntrySchema),
  total: z.number(),
  /** What the filters can choose from: the kinds recorded and the people who acted. */
  kinds: z.array(z.string()),
  entity_types: z.array(z.string()),
  people: z.array(z.object({ id: z.number(), email: z.string() })),
});
