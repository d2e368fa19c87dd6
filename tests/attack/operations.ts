import { call, type TestServer } from '../support/api-server';
import { brandApi } from '@/lib/api/app';

// The operations of the Brand API as its own OpenAPI document lists them (GET /api/openapi.json),
// read at run time so a new endpoint is attacked without anyone writing a test for it. Multipart
// uploads are described in prose ("multipart/form-data: a, b (…), c"); their field names are read
// from there. The operator endpoint is not in the public document and is added by hand.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  $ref?: string;
};

export type Operation = {
  method: string;
  /** OpenAPI path with {params}, without the /api prefix. */
  path: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  queryParams: Array<{ name: string; schema: JsonSchema }>;
  jsonBody?: JsonSchema;
  multipartFields?: string[];
  /** Needs a customer's Bearer token (declares bearer security). */
  secured: boolean;
  /**
   * A provider's callback (delivery receipts): no session, its raw body signed with a secret
   * (declares whatsappSignature or smsGatewaySignature security); the header that carries it.
   */
  signature?: { scheme: SignatureScheme; header: string };
  operator?: boolean;
};

export type SignatureScheme = 'whatsappSignature' | 'smsGatewaySignature';
const SIGNATURE_HEADERS: Record<SignatureScheme, string> = { whatsappSignature: 'x-hub-signature-256', smsGatewaySignature: 'x-signature-256' };
function signatureOf(security: unknown): Operation['signature'] {
  if (!Array.isArray(security)) return undefined;
  const scheme = (Object.keys(SIGNATURE_HEADERS) as SignatureScheme[]).find((k) => security.some((s: Record<string, unknown>) => k in s));
  return scheme ? { scheme, header: SIGNATURE_HEADERS[scheme] } : undefined;
}

type Doc = { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, JsonSchema> } };

function resolver(doc: Doc) {
  const resolve = (s: JsonSchema | undefined): JsonSchema | undefined => {
    if (!s) return s;
    if (s.$ref) {
      const name = s.$ref.replace('#/components/schemas/', '');
      return resolve(doc.components?.schemas?.[name]);
    }
    return s;
  };
  return resolve;
}

/** Field names of a multipart upload from its description. */
export function multipartFieldsOf(description: string): string[] {
  const list = description.replace(/^multipart\/form-data:\s*/, '');
  const names = new Set<string>();
  // Drop parenthesised notes, then every identifier that starts a list item or follows "or"/"and".
  const flat = list.replace(/\([^)]*\)/g, '');
  for (const piece of flat.split(/,|\bor\b|\band\b/)) {
    const m = piece.trim().match(/^([a-zA-Z][a-zA-Z0-9]*)/);
    if (m && !['optional', 'required', 'together'].includes(m[1]!)) names.add(m[1]!);
  }
  return [...names];
}

export async function loadOperations(server: TestServer, host: string): Promise<Operation[]> {
  const res = await call(server, host, 'GET', '/api/openapi.json');
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  return operationsOf(res.body as Doc);
}

/**
 * The same operations read from the app's document without a server, when a test file is
 * collected: one test per operation, so a failure names it. The files that use it check that
 * this list is the one the running server serves (loadOperations).
 */
export function documentedOperations(): Operation[] {
  return operationsOf(brandApi().getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Brand API', version: '1.0.0' } }) as unknown as Doc);
}

function operationsOf(doc: Doc): Operation[] {
  const resolve = resolver(doc);
  const ops: Operation[] = [];
  for (const [fullPath, item] of Object.entries(doc.paths)) {
    const path = fullPath.replace(/^\/api(?=\/)/, '');
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = (op.parameters ?? []) as Array<{ in: string; name: string; schema: JsonSchema }>;
      const content = op.requestBody?.content ?? {};
      const description: string = op.description ?? '';
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: resolve(p.schema) ?? {} })),
        queryParams: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: resolve(p.schema) ?? {} })),
        jsonBody: resolve(content['application/json']?.schema),
        multipartFields: description.startsWith('multipart/form-data') ? multipartFieldsOf(description) : undefined,
        secured: Array.isArray(op.security) && op.security.some((s: Record<string, unknown>) => 'bearer' in s),
        signature: signatureOf(op.security),
      });
    }
  }
  ops.push({
    method: 'POST',
    path: '/operator/run',
    pathParams: [],
    queryParams: [],
    jsonBody: { type: 'object', properties: { command: { type: 'string' }, args: {} }, required: ['command'] },
    secured: false,
    operator: true,
  });
  return ops;
}

export const opName = (op: Operation) => `${op.method} /api${op.path}`;

/** A plausible value for a schema: enough to get past validation where no id matters. */
export function exampleOf(schema: JsonSchema | undefined, name = '', ids: Record<string, string> = {}, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (name in ids) return ids[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[schema.enum.length - 1];
  if (schema.default !== undefined) return schema.default;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return exampleOf(alt.find((s) => s.type !== 'null') ?? alt[0], name, ids, depth + 1);
  if (schema.allOf?.length) return exampleOf(schema.allOf[0], name, ids, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = exampleOf(schema.properties?.[key], key, ids, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => exampleOf(schema.items, name, ids, depth + 1));
    case 'integer':
    case 'number':
      return schema.minimum !== undefined ? Math.max(schema.minimum, Math.min(schema.maximum ?? 5, 5)) : 5;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email' || /email/i.test(name)) return 'someone@example.com';
      if (schema.format === 'date' || /date/i.test(name)) return '2025-01-01';
      if (/password/i.test(name)) return 'correct horse battery staple';
      return 'x'.repeat(Math.max(1, Math.min(schema.minLength ?? 10, 64)));
    default:
      return 'x';
  }
}
