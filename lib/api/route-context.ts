import 'server-only';
import type { ClientRow } from '@/lib/brands/find-client';
import type { StoredClientConfig } from '@/lib/schemas/client-config';
import type { ConsoleScope } from '@/lib/console/scope';
import type { StaffRole } from '@/lib/domain/staff-roles';

// What a use case of the Brand API may know about the request that called it: plain data and two
// cookie functions, no HTTP framework. define-route.ts builds it from the request after the access
// check; a test builds one by hand (tests/unit/api/use-cases.test.ts).

/** Every request: where it came from and how. */
export type RequestContext = {
  /** The caller's address as rate limits key it (lib/shared/client-address.ts). */
  address: string;
  /** The requesting host as the tenant guard read it (Host, or X-Forwarded-Host behind TRUST_PROXY). */
  host: string | undefined;
  /** Whether the request came over https (also through a proxy that says so). */
  https: boolean;
  /** A request header, by its name in any case. */
  header(name: string): string | undefined;
  /** The request method (a HEAD request reaches the GET handler of its path). Absent: GET. */
  method?: string;
  cookies: {
    get(name: string): string | undefined;
    /** Appends a Set-Cookie header (the value as serialized, attributes included) to the answer. */
    set(serialized: string): void;
  };
};

/** A request to one brand, resolved from the host by the tenant guard. */
export type BrandContext = RequestContext & {
  clientId: string;
  client: ClientRow;
  /** The brand's stored configuration with every default applied (lib/brands/brand-config.ts). */
  config: StoredClientConfig;
};

/** A request of a signed-in customer of that brand (a valid Bearer token of a live session). */
export type CustomerContext = BrandContext & { customerId: string; sessionId: string };

/** A brand request that may carry a customer: anonymous when no Bearer token was sent. */
export type MaybeCustomerContext = BrandContext & { customerId?: string; sessionId?: string };

/** An operator request: came through the operator socket with the operator key. */
export type OperatorContext = RequestContext;

/** A signed-in staff member of the console (second factor given), no brand yet. */
export type StaffSessionContext = RequestContext & { staffId: string; email: string; name: string; sessionId: string };

/**
 * A staff member acting on one brand of theirs (`/console/brands/{brand}/...`), with a role that
 * may do what the route declares. `scope` is what lib/console use cases take.
 */
export type StaffContext = StaffSessionContext & {
  scope: ConsoleScope;
  clientId: string;
  client: ClientRow;
  config: StoredClientConfig;
  role: StaffRole;
};

/** A multipart body as it arrives, for the upload reader (aftersales/read-upload-form.ts) to stream. */
export type UploadRequest = { contentType: string | undefined; contentLength: string | undefined; body: ReadableStream<Uint8Array> | null };
