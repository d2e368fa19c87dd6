'use client';
import { createContext, useContext, useState, type ReactNode } from 'react';

// A batch's code count, shared by the batch page's details and its code runs: each poll of the
// runs carries the count, so the figure follows a run to its end without waiting for the page to
// be rendered again.

const BatchCodes = createContext<{ codes: number; setCodes: (n: number) => void } | null>(null);

export function BatchCodesProvider({ initial, children }: { initial: number; children: ReactNode }) {
  const [codes, setCodes] = useState(initial);
  return <BatchCodes.Provider value={{ codes, setCodes }}>{children}</BatchCodes.Provider>;
}

export function BatchCodeCount() {
  const value = useContext(BatchCodes);
  return <>{(value?.codes ?? 0).toLocaleString('en')}</>;
}

/** The setter, or a no-op outside a provider. */
export function useSetBatchCodes(): (n: number) => void {
  return useContext(BatchCodes)?.setCodes ?? noop;
}
const noop = () => {};
