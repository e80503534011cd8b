import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ARTWORK_MAX_BYTES, ARTWORK_MESSAGES } from '../../shared/artwork';
import { AppError, badRequest, type FieldError } from '../http/errors';

/** The multipart limits of the artwork routes: one file of 20 MB, a few short text fields. */
export const ARTWORK_MULTIPART_LIMITS = {
  fileSize: ARTWORK_MAX_BYTES,
  files: 1,
  fields: 12,
  fieldSize: 16_000,
  parts: 14,
};

export type UploadForm = { file: Buffer; fileName: string; fields: Record<string, string> };

/**
 * Reads one file (field `file`) and the text fields; the size limit stops the stream, so nothing larger than 20 MB
 * is ever buffered, and a refused upload stores nothing. A repeated text field (thread colours) is kept one a line.
 */
export async function readUploadForm(req: FastifyRequest): Promise<UploadForm> {
  let file: Buffer | undefined;
  let fileName = '';
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer();
          continue;
        }
        fileName = part.filename;
        file = await part.toBuffer();
      } else {
        if (part.valueTruncated) throw badRequest(ARTWORK_MESSAGES.noteTooLong, undefined, 'BAD_UPLOAD');
        const value = String(part.value);
        fields[part.fieldname] = part.fieldname in fields ? `${fields[part.fieldname]}\n${value}` : value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest(
        ARTWORK_MESSAGES.tooLarge,
        [{ field: 'file', message: ARTWORK_MESSAGES.tooLarge }],
        'FILE_TOO_LARGE',
      );
    if (err instanceof AppError) throw err;
    throw badRequest(ARTWORK_MESSAGES.badForm, undefined, 'BAD_UPLOAD');
  }
  if (!file?.length)
    throw badRequest(ARTWORK_MESSAGES.fileRequired, [{ field: 'file', message: ARTWORK_MESSAGES.fileRequired }]);
  return { file, fileName: cleanFileName(fileName), fields };
}

/** The file's name as shown to staff and offered on download: a plain name, no path, no quotes or controls. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}"<>|*?:;]/gu, '')
    .trim()
    .slice(0, 120);
  return clean || 'artwork';
}

/** The text fields through their shared schema: a 400 listing every bad field, before any file work. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: FieldError[] = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  throw badRequest(errors[0]?.message ?? 'Check the form', errors);
}
