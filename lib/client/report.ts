import { ApiRequestError } from '@/lib/shared/fetch-rules';

// The report of a suspicious product from /report (multipart, through the one upload path). The
// API client loads with the report sent, not with the page (its first load stays within budget).

export type ReportAnswer = { reportId: string; photoStored: boolean };

/**
 * POST /api/report (multipart: description, qrId?, lat?, lng?, photo?) under the rules of every
 * signed-in call: the upload timeout (it may carry a photo), 'jwt expired' → refresh once and
 * retry, 401 → logout and reload.
 */
export async function submitReport(form: FormData): Promise<ReportAnswer> {
  const { upload } = await import('./upload');
  return upload<ReportAnswer>('/report', form);
}

export { ApiRequestError };
