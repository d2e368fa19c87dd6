import type { z } from 'zod';
import type { openDisputeResponseSchema } from '@/lib/schemas/disputes';

// The dispute of a claim from /report?dispute= (multipart, through the one upload path, loaded
// with the dispute sent rather than with the page).

export type OpenDisputeAnswer = z.infer<typeof openDisputeResponseSchema>;

/** POST /api/disputes (multipart: qrId, purchase?, photo) under the rules of every signed-in call. */
export async function openDispute(form: FormData): Promise<OpenDisputeAnswer> {
  const { upload } = await import('./upload');
  return upload<OpenDisputeAnswer>('/disputes', form);
}
