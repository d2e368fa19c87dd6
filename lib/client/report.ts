import { upload } from './upload';
import { ApiRequestError } from '@/lib/shared/fetch-rules';

// The report of a suspicious product from /report (multipart, through the one upload path).

export type ReportAnswer = { reportId: string; photoStored: boolean };

/**
 * POST /api/report (multipart: description, qrId?, lat?, lng?, photo?) under the rules of every
 * signed-in call: the upload timeout (it may carry a photo), 'jwt expired' → refresh once and
 * retry, 401 → logout and reload.
 */
export function submitReport(form: FormData): Promise<ReportAnswer> {
  return upload<ReportAnswer>('/report', form);
}

export { ApiRequestError };
