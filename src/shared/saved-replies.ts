import { z } from 'zod';
import { REPLY_MAX } from './contact';

// Saved replies (GET/POST/PATCH/DELETE /contact/saved-replies): answers admins keep for staff to insert into a reply
// and edit before sending. A body follows the staff reply's length limit, so an inserted reply can always be sent.
export const SAVED_REPLY_TITLE_MAX = 80;

const title = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(SAVED_REPLY_TITLE_MAX, `Title must be at most ${SAVED_REPLY_TITLE_MAX} characters`);
const body = z
  .string({ error: 'Reply text is required' })
  .trim()
  .min(1, 'Reply text is required')
  .max(REPLY_MAX, `Reply text must be at most ${REPLY_MAX} characters`);

export const savedReplyInputSchema = z.object({ title, body });
export type SavedReplyInput = z.input<typeof savedReplyInputSchema>;
export const savedReplyPatchSchema = z
  .object({ title: title.optional(), body: body.optional() })
  .refine((v) => v.title !== undefined || v.body !== undefined, 'Nothing to change');

export const savedReplySchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type SavedReply = z.infer<typeof savedReplySchema>;

const ok = { success: z.literal(true) };
export const savedRepliesAnswer = z.object({ ...ok, saved_replies: z.array(savedReplySchema) });
export const savedReplyAnswer = z.object({ ...ok, message: z.string(), saved_reply: savedReplySchema });
export const savedReplyDeletedAnswer = z.object({ ...ok, message: z.string() });
