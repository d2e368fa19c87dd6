import { z } from 'zod';
import { COMPLAINT_STATUSES } from '@/lib/domain/complaints';
import { fileRefSchema } from './files';

// /api/customer/complaints: options, raise (multipart), list, detail with thread, reply.

export const COMPLAINT_CATEGORIES = ['Product quality', 'Damaged product', 'Suspected counterfeit', 'Warranty', 'Reward or payment', 'Other'] as const;
export const COMPLAINT_MAX_ATTACHMENTS = 3;
/** Three attachments at the largest size (video, 25 MB) plus the text fields. */
export const COMPLAINT_FORM_MAX_BYTES = 3 * 25 * 1024 * 1024 + 64 * 1024;

export const complaintStatusSchema = z.enum(COMPLAINT_STATUSES);

export const raiseComplaintFieldsSchema = z
  .object({
    category: z.enum(COMPLAINT_CATEGORIES, { message: `must be one of: ${COMPLAINT_CATEGORIES.join(', ')}` }),
    priority: z.string().trim().min(1, 'is required').max(40),
    description: z.string().trim().min(10, 'must be at least 10 characters').max(2000, 'must be at most 2000 characters'),
    unitId: z.string().trim().min(1).max(64).optional(),
    productId: z.string().trim().min(1).max(64).optional(),
  })
  .strict();

export const complaintOptionsSchema = z.object({ categories: z.array(z.string()), priorities: z.array(z.string()), maxAttachments: z.number().int() });

export const complaintSummarySchema = z.object({
  ticketId: z.string(),
  category: z.string(),
  priority: z.string(),
  status: complaintStatusSchema,
  statusColor: z.string(),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  unitId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const complaintMessageSchema = z.object({
  messageId: z.string(),
  author: z.enum(['customer', 'brand']),
  authorName: z.string().nullable(),
  body: z.string(),
  at: z.iso.datetime(),
});

export const complaintDetailSchema = complaintSummarySchema.extend({
  description: z.string(),
  attachments: z.array(fileRefSchema),
  messages: z.array(complaintMessageSchema),
});

export const complaintsResponseSchema = z.object({ complaints: z.array(complaintSummarySchema) });
export const ticketParamsSchema = z.object({ ticketId: z.string().min(1).max(32) });
export const replyBodySchema = z
  .object({ body: z.string().trim().min(1, 'is required').max(2000, 'must be at most 2000 characters') })
  .strict();
