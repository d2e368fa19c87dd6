import 'server-only';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { z } from 'zod';
import { brandConfigOf } from '@/lib/brands/brand-config';
import { cameOverHttps } from '@/lib/shared/https';
import type { FeatureFlag } from '@/lib/schemas/client-config';
import { clientIp, inProcessCall, type AppContext, type AppEnv } from './context';
import { requestHost } from './guards';
import { errorBodySchema, errorResponses } from './openapi';
import { ApiError } from '@/lib/errors';
import { REFRESH_FAILED_MESSAGE } from '@/lib/shared/fetch-rules';
import { requireFlag } from './feature-flags';
import { requireCustomer } from './auth/require-customer';
import { requireVerifiedContact } from './auth/verify-contact';
import { requireOperatorKey } from './operator/key';
import { requireReceiptSignature, type ReceiptSigner } from './messages/receipt-signature';
import { consoleCsrf, requireStaffBrand, requireStaffSession, staffCsrf } from './console/access';
import type { AreaAccess, ConsoleArea } from '@/lib/domain/staff-roles';
import type {
  BrandContext,
  CustomerContext,
  MaybeCustomerContext,
  OperatorContext,
  RequestContext,
  StaffContext,
  StaffSessionContext,
  UploadRequest,
} from './route-context';

// One declaration per endpoint of the Brand API: method and path, access class, the brand flag
// that switches it on, request and response schemas. The declaration registers the OpenAPI
// operation (so /api/openapi.json and the attack suite in tests/attack pick it up), checks the
// access before the request is parsed, parses params, query and JSON body, checks the flag, calls
// the use case with a typed context (route-context.ts) and parses the answer through its schema,
// so no field leaves that the schema does not name.
//
//   export const listWarranties = defineRoute({
//     method: 'get', path: '/customer/warranties', tag: 'warranty',
//     access: 'customer', flag: 'isWarrantyEnabled',
//     response: { description: 'Warranties', schema: warrantiesResponseSchema },
//     handle: (_input, ctx) => findWarranties(ctx.clientId, ctx.customerId),
//   });

/**
 * The context each access class hands its use cases. A new class (brand staff with a role) is one
 * more entry here and in `accessRules`; no existing endpoint changes.
 */
export interface AccessContexts {
  /** No brand needed (the OpenAPI document, the domain-keyed embedding lookup). */
  public: RequestContext;
  /** Per brand, resolved from the host by the tenant guard. */
  brand: BrandContext;
  /** Per brand; a customer when a Bearer token is sent (which must then be valid). */
  'brand-or-customer': MaybeCustomerContext;
  /** A signed-in customer of the brand. */
  customer: CustomerContext;
  /** The operator socket with the operator key (docs/architecture.md). */
  operator: OperatorContext;
  /** The console host, nobody signed in (sign-in, invitation, password reset; docs/console.md). */
  console: RequestContext;
  /** A signed-in staff member (second factor given), no brand. */
  'staff-session': StaffSessionContext;
  /** A staff member of the brand in the path (`/console/brands/{brand}/...`) whose role may read or change the route's area. */
  staff: StaffContext;
  /** A provider's callback to the brand (delivery receipts): no session, the body signed (options.signer). */
  webhook: BrandContext;
}
export type AccessClass = keyof AccessContexts;

export type AccessOptions = {
  /** customer: refused (403) until the account's contact is confirmed. */
  contact?: 'verified';
  /** brand-or-customer: when this is false for the raw path params, a customer is required (401). */
  anonymousIf?: (param: (name: string) => string | undefined) => boolean;
  /** staff: the console area of the route and whether it reads or changes it (lib/domain/staff-roles.ts). */
  area?: ConsoleArea;
  access?: AreaAccess;
  /** webhook: who signs the body, checked before it is parsed (messages/receipt-signature.ts). */
  signer?: ReceiptSigner;
};
/** The staff class always names its area and access: `{ class: 'staff', area: 'codes', access: 'write' }`. */
export type StaffAccess = { class: 'staff'; area: ConsoleArea; access: AreaAccess };
export type Access = Exclude<AccessClass, 'staff'> | ({ class: Exclude<AccessClass, 'staff'> } & AccessOptions) | StaffAccess;
type ClassOf<A extends Access> = A extends AccessClass ? A : A extends { class: infer K extends AccessClass } ? K : never;

/** Where a class's routes are mounted in app.ts: before the brand guards, after them, on the operator channel, or on the console host. */
export type Mount = 'open' | 'brand' | 'operator' | 'console';

type AccessRule<K extends AccessClass> = {
  mount: Mount;
  /** Guards run before the request is parsed: a refusal of access comes before any input error. */
  guards: (options: AccessOptions) => MiddlewareHandler<AppEnv>[];
  security?: Array<Record<string, string[]>>;
  context: (c: AppContext) => AccessContexts[K];
};

function requestContext(c: AppContext): RequestContext {
  return {
    address: clientIp(c),
    host: requestHost(c),
    https: cameOverHttps(c.req.url, c.req.header('x-forwarded-proto')),
    header: (name) => c.req.header(name),
    method: c.req.method,
    cookies: {
      get: (name) => getCookie(c, name),
      set: (serialized) => c.header('Set-Cookie', serialized, { append: true }),
    },
  };
}

function brandContext(c: AppContext): BrandContext {
  const client = c.var.client;
  return { ...requestContext(c), clientId: client.id, client, config: brandConfigOf(client) };
}

const bearer = [{ bearer: [] }];
const consoleSecurity = [{ consoleSession: [] }];

function staffSessionContext(c: AppContext): StaffSessionContext {
  const { staffId, email, name, sessionId } = c.var.staff;
  return { ...requestContext(c), staffId, email, name, sessionId };
}

/**
 * In a typed call from a page of this process, the page request's session (read once per page
 * request, in-process.ts) stands for the Bearer token; over HTTP the token is checked.
 */
async function callerOf(c: AppContext) {
  const call = inProcessCall(c)!;
  return call.customer(c.var.client.id, (name) => getCookie(c, name), cameOverHttps(c.req.url, c.req.header('x-forwarded-proto')));
}
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!inProcessCall(c)) return requireCustomer(c, next);
  const auth = await callerOf(c);
  // The message a page showed when no token could be had for its call.
  if (!auth) throw new ApiError('unauthorized', REFRESH_FAILED_MESSAGE);
  c.set('auth', auth);
  await next();
};

/** The token is checked when sent: an anonymous request stays anonymous, a bad token is refused. */
const customerIfSent: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!inProcessCall(c)) return c.req.header('authorization') ? requireCustomer(c, next) : next();
  const auth = await callerOf(c);
  if (auth) c.set('auth', auth);
  await next();
};

const accessRules: { [K in AccessClass]: AccessRule<K> } = {
  public: { mount: 'open', guards: () => [], context: requestContext },
  brand: { mount: 'brand', guards: () => [], context: brandContext },
  'brand-or-customer': {
    mount: 'brand',
    guards: ({ anonymousIf }) => [
      anonymousIf ? async (c, next) => (anonymousIf((name) => c.req.param(name)) ? customerIfSent(c, next) : signedIn(c, next)) : customerIfSent,
    ],
    security: [{}, { bearer: [] }],
    context: (c) => {
      const auth = c.get('auth') as AppEnv['Variables']['auth'] | undefined;
      return { ...brandContext(c), ...(auth ? { customerId: auth.customerId, sessionId: auth.sessionId } : {}) };
    },
  },
  customer: {
    mount: 'brand',
    guards: ({ contact }) => (contact === 'verified' ? [signedIn, requireVerifiedContact] : [signedIn]),
    security: bearer,
    context: (c) => ({ ...brandContext(c), customerId: c.var.auth.customerId, sessionId: c.var.auth.sessionId }),
  },
  webhook: {
    mount: 'brand',
    guards: ({ signer }) => [requireReceiptSignature(signer!)],
    context: brandContext,
  },
  operator: { mount: 'operator', guards: () => [requireOperatorKey], context: requestContext },
  console: { mount: 'console', guards: () => [consoleCsrf], context: requestContext },
  'staff-session': { mount: 'console', guards: () => [requireStaffSession, staffCsrf], security: consoleSecurity, context: staffSessionContext },
  staff: {
    mount: 'console',
    guards: ({ area, access }) => [requireStaffSession, requireStaffBrand(area!, access!), staffCsrf],
    security: consoleSecurity,
    context: (c) => {
      const { client, role } = c.var.staffBrand;
      const session = staffSessionContext(c);
      return {
        ...session,
        scope: { clientId: client.id, slug: client.slug, actor: { kind: 'staff', staffId: session.staffId, email: session.email, role } },
        clientId: client.id,
        client,
        config: brandConfigOf(client),
        role,
      };
    },
  },
};

/** A non-JSON answer (a PDF, a stored file, a Markdown document), sent as it is with its headers. */
export class FileAnswer {
  constructor(
    readonly body: string | ArrayBuffer | ReadableStream<Uint8Array>,
    readonly headers: Record<string, string>,
  ) {}
}

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : undefined;
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

export type RouteInput<P, Q, B, U> = {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  upload: U extends object ? UploadRequest : undefined;
};

type Answer<R, F> = (R extends Schema ? z.input<R> : never) | (F extends object ? FileAnswer : never);

export type RouteDeclaration<
  A extends Access,
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  U extends { fields: string } | undefined,
  R extends Schema | undefined,
  F extends Record<string, { schema: object }> | undefined,
> = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path without the /api prefix, params in braces: '/customer/complaints/{ticketId}'. */
  path: string;
  tag: string;
  description?: string;
  access: A;
  /** The brand flag that switches the endpoint on; off answers 403 (feature-flags.ts). */
  flag?: FeatureFlag;
  params?: P;
  query?: Q;
  /** JSON body. */
  body?: B;
  /** A multipart/form-data body read by the use case; names its fields for the document and the attack suite. */
  upload?: U;
  response: { status?: 200 | 201; description: string; schema?: R; files?: F };
  /** Descriptions of the error answers the endpoint gives beyond the common ones. */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** What a 422 names as its field (shown in the document). */
  fieldErrors?: string;
  /** Not listed in the OpenAPI document (an alternative spelling of a listed path, or the operator's command channel). */
  hidden?: boolean;
  handle: (input: RouteInput<P, Q, B, U>, ctx: AccessContexts[ClassOf<A>]) => Promise<Answer<R, F>> | Answer<R, F>;
};

/** A declared endpoint, ready to be mounted on an app (app.ts). */
export type RouteDefinition = {
  method: string;
  path: string;
  mount: Mount;
  register: (app: OpenAPIHono<AppEnv>) => void;
};

/**
 * What defineRoute returns: the mountable endpoint and its declaration, whose schemas type a call
 * of it from a page (lib/server/call-route.ts): the input as its params, query and body schemas
 * take it, the answer as its response schema gives it.
 */
export type Route<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema | undefined = Schema | undefined,
> = RouteDefinition & {
  declaration: { method: RouteDefinition['method']; path: string; access: Access; params?: P; query?: Q; body?: B; response: { schema?: R } };
};

/** Console routes live under /console/; a staff route under /console/brands/{brand}/ with `brand` in its params schema. */
function checkConsolePath(decl: { method: string; path: string; params?: Schema }, klass: AccessClass, options: AccessOptions) {
  const name = `${decl.method.toUpperCase()} ${decl.path}`;
  const consoleClass = accessRules[klass].mount === 'console';
  if (consoleClass !== decl.path.startsWith('/console/')) throw new Error(`${name}: /console/ paths are exactly those of the console classes (access ${klass})`);
  if (klass !== 'staff') return;
  if (!options.area || !options.access) throw new Error(`${name}: the staff class names its area and access`);
  if (!decl.path.startsWith('/console/brands/{brand}/')) throw new Error(`${name}: a staff route's path starts with /console/brands/{brand}/`);
  const shape = (decl.params as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape?.brand) throw new Error(`${name}: a staff route's params schema includes brand (consoleBrandParams)`);
}

const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: errorBodySchema } } });
const classOf = (access: Access): AccessClass => (typeof access === 'string' ? access : access.class);

export function defineRoute<
  A extends Access,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  U extends { fields: string } | undefined = undefined,
  R extends Schema | undefined = undefined,
  F extends Record<string, { schema: object }> | undefined = undefined,
>(decl: RouteDeclaration<A, P, Q, B, U, R, F>): Route<P, Q, B, R> {
  const klass = classOf(decl.access);
  const rule = accessRules[klass] as AccessRule<AccessClass>;
  const options: AccessOptions = typeof decl.access === 'string' ? {} : decl.access;
  const status = decl.response.status ?? 200;
  const { schema, files } = decl.response;
  if (klass === 'webhook' && !options.signer) throw new Error(`${decl.method.toUpperCase()} ${decl.path}: a webhook names its signer`);
  if (decl.flag && rule.mount !== 'brand') throw new Error(`${decl.method.toUpperCase()} ${decl.path}: a brand flag needs a brand (access ${klass})`);
  checkConsolePath(decl, klass, options);

  const errors: Record<number, ReturnType<typeof errorAnswer>> = { ...errorResponses };
  if (decl.fieldErrors) errors[422] = errorAnswer(decl.fieldErrors);
  for (const [code, description] of Object.entries(decl.errors ?? {})) errors[Number(code)] = errorAnswer(description as string);

  const route = createRoute({
    method: decl.method,
    path: decl.path,
    tags: [decl.tag],
    ...(decl.description || decl.upload
      ? { description: [decl.upload ? `multipart/form-data: ${decl.upload.fields}` : '', decl.description ?? ''].filter(Boolean).join(' ') }
      : {}),
    ...(rule.security ? { security: rule.security } : {}),
    // A webhook's signature, as a security scheme of the document (app.ts), so the attack suite knows who may call it.
    ...(klass === 'webhook' ? { security: [{ [options.signer === 'whatsapp' ? 'whatsappSignature' : 'smsGatewaySignature']: [] }] } : {}),
    // The staff class's area and access, for the document's readers (the attack suite's staff run).
    ...(klass === 'staff' ? { 'x-staff-access': { area: options.area, access: options.access } } : {}),
    middleware: rule.guards(options),
    hide: decl.hidden,
    request: {
      ...(decl.params ? { params: decl.params as never } : {}),
      ...(decl.query ? { query: decl.query as never } : {}),
      ...(decl.body ? { body: { content: { 'application/json': { schema: decl.body } }, required: true } } : {}),
    },
    responses: {
      [status]: { description: decl.response.description, content: { ...(schema ? { 'application/json': { schema } } : {}), ...(files ?? {}) } },
      ...errors,
    },
  });

  const handler = async (c: AppContext) => {
    const valid = (target: string) => (c.req.valid as (target: string) => unknown).call(c.req, target);
    const input = {
      params: decl.params ? valid('param') : undefined,
      query: decl.query ? valid('query') : undefined,
      body: decl.body ? valid('json') : undefined,
      upload: decl.upload
        ? { contentType: c.req.header('content-type'), contentLength: c.req.header('content-length'), body: c.req.raw.body }
        : undefined,
    } as RouteInput<P, Q, B, U>;
    const ctx = rule.context(c) as AccessContexts[ClassOf<A>];
    if (decl.flag) requireFlag({ client: c.var.client, config: brandConfigOf(c.var.client) }, decl.flag);
    const answer = await decl.handle(input, ctx);
    if (answer instanceof FileAnswer) {
      if (!files) throw new Error(`${decl.method.toUpperCase()} ${decl.path} answered a file it does not declare`);
      return c.body(answer.body, status, answer.headers);
    }
    if (!schema) throw new Error(`${decl.method.toUpperCase()} ${decl.path} declares no JSON answer`);
    const parsed = schema.parse(answer) as object;
    // A typed call from a page of this process (in-process.ts) takes the answer as it is: no JSON.
    const call = inProcessCall(c);
    if (call) {
      call.answer = parsed;
      return c.body(null, status);
    }
    return c.json(parsed, status);
  };

  return {
    method: decl.method,
    path: decl.path,
    mount: rule.mount,
    register: (app) => void app.openapi(route, handler as never),
    declaration: decl,
  };
}

/** Registers declared endpoints on an app, in order (a literal path before a parameterised one). */
export function mountRoutes(app: OpenAPIHono<AppEnv>, routes: readonly RouteDefinition[], mount: Mount) {
  for (const route of routes) if (route.mount === mount) route.register(app);
}
