import { queryOptions } from '@tanstack/react-query';
import { http } from '../http';
import { upload } from '../upload';
import { uploadWithProgress } from '../upload-progress';
import type { Warranty } from '@/lib/schemas/warranty';

// GET /api/customer/warranties, POST /api/customer/warranties (multipart: unitId, purchaseDate, invoice).
export const warrantiesQuery = () =>
  queryOptions({
    queryKey: ['warranties'] as const,
    queryFn: async () => (await http<{ warranties: Warranty[] }>('/customer/warranties')).warranties,
  });

export const registerWarranty = (form: FormData, onProgress?: (share: number) => void) =>
  onProgress ? uploadWithProgress<Warranty>('/customer/warranties', form, onProgress) : upload<Warranty>('/customer/warranties', form);
