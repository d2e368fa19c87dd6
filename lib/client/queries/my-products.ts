import { queryOptions } from '@tanstack/react-query';
import { http } from '../http';
import type { MyProduct } from '@/lib/schemas/my-products';

// GET /api/customer/my-products — the customer's claimed units (unit pickers of warranty and complaints).
export const myProductsQuery = () =>
  queryOptions({
    queryKey: ['my-products'] as const,
    queryFn: async () => (await http<{ products: MyProduct[] }>('/customer/my-products')).products,
  });
