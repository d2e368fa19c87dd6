import { z } from 'zod';

// GET /api/customer/files/{fileId} and the file references inside other answers.

export const fileRefSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  mediaType: z.enum(['image', 'video', 'pdf']),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type FileRef = z.infer<typeof fileRefSchema>;

export const fileParamsSchema = z.object({ fileId: z.string().min(1).max(64) });
export const fileQuerySchema = z.object({ disposition: z.enum(['inline', 'attachment']).default('attachment') }).strict();
