import type { HttpOptions } from './http';

// The Brand API client (./http) for screens that only call the API when the customer acts (the
// sign-in forms, sign-out, the signed-in forms): the same client, loaded with the first call instead of with the
// page, which keeps it out of their first-load JavaScript. The module is the same instance the
// rest of the app imports, so the in-memory token and the auth status are shared.

const client = () => import('./http');

/** Calls the Brand API like `http` of ./http, loading the client first. */
export async function http<T>(path: string, options: HttpOptions = {}): Promise<T> {
  return (await client()).http<T>(path, options);
}

/** Signs out like `signOut` of ./http, loading the client first. */
export async function signOut(): Promise<void> {
  return (await client()).signOut();
}

/** The start-up token refresh of ./http, loading the client first. */
export async function refreshAccessToken(): Promise<string> {
  return (await client()).refreshAccessToken();
}

/** Forgets the in-memory token like `clearAccessToken` of ./http, loading the client first. */
export async function clearAccessToken(): Promise<void> {
  (await client()).clearAccessToken();
}
