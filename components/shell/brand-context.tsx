'use client';
import { createContext, useContext, type ReactNode } from 'react';
import type { CloneInfo } from '@/lib/schemas/client';

// The brand's clone-info, loaded once by the root layout on the server.
const BrandContext = createContext<CloneInfo | null>(null);

export function BrandProvider({ brand, children }: { brand: CloneInfo; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

export function useBrand(): CloneInfo {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand outside BrandProvider');
  return brand;
}
