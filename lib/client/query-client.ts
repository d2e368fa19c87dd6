import { QueryClient, isServer } from '@tanstack/react-query';
import { ApiRequestError } from '@/lib/shared/fetch-rules';

// A fresh QueryClient per server request, one in the browser (TanStack's Next.js example).

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A refused call (4xx) will be refused again; a network hiccup may pass on a retry.
        retry: (count, err) => count < 1 && !(err instanceof ApiRequestError && err.status >= 400 && err.status < 500),
      },
    },
  });
}

let browserClient: QueryClient | undefined;

export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  return (browserClient ??= makeQueryClient());
}
