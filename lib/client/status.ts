'use client';
import { useSyncExternalStore } from 'react';

// Auth state and app data status (product-spec sections 3 and 4), as tiny stores that the
// browser http client writes and the shell reads.

export const LOAD_STATUSES = ['DEFAULT', 'LOADING', 'SUCCESS', 'FAILED'] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];

export type AuthState = { status: LoadStatus; customerId?: string; accessToken?: string };

function createStore<T>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next: T) {
      state = next;
      listeners.forEach((l) => l());
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export const authStore = createStore<AuthState>({ status: 'DEFAULT' });
export const appDataStore = createStore<LoadStatus>('DEFAULT');

export function useAuthState(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}

export function useAppDataStatus(): LoadStatus {
  return useSyncExternalStore(appDataStore.subscribe, appDataStore.get, appDataStore.get);
}
