import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../http';
import { upload } from '../upload';
import type { complaintDetailSchema, complaintOptionsSchema } from '@/lib/schemas/complaints';

// /api/customer/complaints: options, raise (multipart), reply.
type ComplaintOptions = z.infer<typeof complaintOptionsSchema>;
export type ComplaintDetail = z.infer<typeof complaintDetailSchema>;

export const complaintOptionsQuery = () =>
  queryOptions({ queryKey: ['complaint-options'] as const, queryFn: () => http<ComplaintOptions>('/customer/complaints/options'), staleTime: 5 * 60_000 });

export const raiseComplaint = (form: FormData) => upload<ComplaintDetail>('/customer/complaints', form);

export const replyToComplaint = (ticketId: string, body: string) =>
  http<ComplaintDetail>(`/customer/complaints/${encodeURIComponent(ticketId)}/messages`, { method: 'POST', body: { body } });
