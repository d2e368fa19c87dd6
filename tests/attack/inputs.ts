import { randomId } from '@/lib/ids';
import { exampleOf, type Operation } from './operations';

// Generated bad inputs for one operation: path tricks, query tricks, malformed and hostile
// bodies (wrong types, huge and deeply nested, unicode edge cases, extreme numbers,
// prototype-pollution keys), wrong content types and bad tokens. At least MIN_INPUTS each.

export const MIN_INPUTS = 200;

export type BadInput = {
  label: string;
  path: string;
  /** Raw body; a JSON body is already serialised. */
  body?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  /** Replace the Bearer token of the caller (empty: none). */
  token?: string;
};

/** Hostile strings, in their decoded form. */
export const hostileStrings: string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  '\uffff',
  '\ufeff',
  '\u202e\u202dabc',
  '\u200b\u200c\u200d',
  '😀'.repeat(50),
  'e\u0301\u0301\u0301\u0301',
  'Ω'.repeat(600),
  'a'.repeat(5000),
  "' OR '1'='1",
  "'; DROP TABLE customers; --",
  '"',
  '\\',
  '%00',
  '%ff',
  '%',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  'javascript:alert(1)',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x7fffffff',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '\r\nX-Injected: 1',
  '\t\n\v\f',
  'TKT-000001',
  '$where',
  '{"$gt":""}',
];

/** Hostile JSON values as raw JSON text (so "__proto__" stays an own key). */
export const hostileJson: string[] = [
  'null',
  'true',
  'false',
  '0',
  '-1',
  '1.5',
  '1e308',
  '-1e308',
  '1e400',
  '9007199254740993',
  '-0',
  '[]',
  '{}',
  '[null]',
  '[[[[[[]]]]]]',
  '{"a":1}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\ud800"',
  '"\\udfff"',
  ...hostileStrings.filter((s) => !/[\ud800-\udfff]/.test(s) || /[\ud800-\udbff][\udc00-\udfff]/.test(s)).map((s) => JSON.stringify(s)),
];

const malformedBodies: string[] = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  '"unterminated',
  '[1,2',
  '\ufeff{}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":undefined}',
  '{"a":01}',
  '{"a":"\u0000"}',
  '{"a":"\\x41"}',
  '{"a" 1}',
  '}{',
  '{}{}',
  '\u0000',
  '<xml/>',
  'a=1&b=2',
  '[]',
  '"string"',
  '123',
  'true',
  'null',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
  JSON.stringify({ a: 'x'.repeat(70 * 1024) }),
  JSON.stringify(Array.from({ length: 20000 }, (_, i) => i)),
];

const wrongTypes = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/xml', 'application/json; charset=utf-16', 'application/vnd.api+json'];

const rawPathTricks = [
  '%00',
  'a%00b',
  '%ff%fe',
  '%',
  '%zz',
  '%C0%AE%C0%AE',
  '%ED%A0%80',
  '%ED%BF%BF',
  '%F4%90%80%80',
  '..',
  '.',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2f..%2f',
  '%252e%252e',
  '%5c..%5c',
  'a%2fb',
  '%20',
  '%0d%0aX-Injected:%201',
  'x'.repeat(3000),
];

/** Percent-encodes any string, lone surrogates included (as their WTF-8 bytes). */
export function encodeAny(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(ch);
  }
  return out;
}

export function fillPath(op: Operation, values: Record<string, string>): string {
  return `/api${op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => values[name] ?? 'x')}`;
}

export function multipartBody(fields: Record<string, string>, files: Array<{ name: string; filename: string; type: string; bytes: Buffer }>) {
  const boundary = `----attack${randomId('b', 12)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`), Buffer.from(value, 'utf8'), Buffer.from('\r\n'));
  }
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A plausible value of a multipart field by its name. */
export function formValue(name: string, ids: Record<string, string>): string {
  if (name in ids) return ids[name]!;
  if (/date/i.test(name)) return '2025-01-01';
  if (/lat|lng/.test(name)) return '12.5';
  if (name === 'priority') return 'Urgent';
  if (name === 'category') return 'Damaged product';
  return 'A description long enough to pass.';
}

export function badInputs(op: Operation, ids: Record<string, string>): BadInput[] {
  const out: BadInput[] = [];
  const baseParams = Object.fromEntries(op.pathParams.map((p) => [p.name, encodeURIComponent(String(exampleOf(p.schema, p.name, ids)))]));
  const basePath = fillPath(op, baseParams);
  const hasBody = op.method !== 'GET';
  const validJson = op.jsonBody ? (exampleOf(op.jsonBody, '', ids) as Record<string, unknown>) : undefined;
  const base = (label: string, extra: Partial<BadInput> = {}): BadInput => ({
    label,
    path: basePath,
    ...(validJson && hasBody ? { body: JSON.stringify(validJson), contentType: 'application/json' } : {}),
    ...extra,
  });

  // Path tricks in every path parameter.
  for (const p of op.pathParams) {
    for (const t of rawPathTricks) out.push(base(`path ${p.name}=${t.slice(0, 40)}`, { path: fillPath(op, { ...baseParams, [p.name]: t }) }));
    for (const s of hostileStrings) if (s !== '') out.push(base(`path ${p.name}=${JSON.stringify(s).slice(0, 40)}`, { path: fillPath(op, { ...baseParams, [p.name]: encodeAny(s) }) }));
  }
  // Query tricks: the declared parameters, unknown ones and pollution keys.
  const queryNames = [...op.queryParams.map((q) => q.name), 'x'];
  for (const name of queryNames) {
    for (const s of hostileStrings) out.push(base(`query ${name}=${JSON.stringify(s).slice(0, 40)}`, { path: `${basePath}?${name}=${encodeAny(s)}` }));
    for (const t of ['%ff', '%00', '%', '%ED%A0%80']) out.push(base(`query ${name}=${t}`, { path: `${basePath}?${name}=${t}` }));
  }
  for (const q of ['__proto__[polluted]=1', 'constructor[prototype][polluted]=1', '%ff=1', '%00=1', 'a=1&a=2&a=3', '&&&==', 'lat=1e400&lng=-1e400', 'lat=NaN&lng=NaN']) {
    out.push(base(`query ${q}`, { path: `${basePath}?${q}` }));
  }
  // Tokens.
  for (const t of ['', 'x', 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJjdXN0b21lcklkIjoieCJ9.', 'Bearer', 'x'.repeat(9000), '%00', '\u00e9t\u00e9']) {
    out.push(base(`token ${t.slice(0, 30)}`, { token: t }));
  }
  if (hasBody) {
    for (const b of malformedBodies) out.push(base(`malformed body ${b.slice(0, 30)}`, { body: b, contentType: 'application/json' }));
    for (const t of wrongTypes) out.push(base(`content type ${t}`, { body: validJson ? JSON.stringify(validJson) : 'a=1', contentType: t }));
    out.push(base('body over the limit, declared', { body: JSON.stringify({ pad: 'x'.repeat(200 * 1024) }), contentType: 'application/json' }));
    for (const j of hostileJson) out.push(base(`body ${j.slice(0, 30)}`, { body: j, contentType: 'application/json' }));
  }
  // Schema-driven: every field of the JSON body, replaced by each hostile value, then removed;
  // extra keys, pollution keys among them.
  if (validJson && hasBody && typeof validJson === 'object' && !Array.isArray(validJson)) {
    const fields = Object.keys(op.jsonBody?.properties ?? {});
    for (const f of fields) {
      for (const j of hostileJson) {
        const rest = JSON.stringify({ ...validJson, [f]: null }).replace(`"${f}":null`, `"${f}":${j}`);
        out.push(base(`field ${f}=${j.slice(0, 30)}`, { body: rest }));
      }
      const { [f]: _dropped, ...without } = validJson;
      out.push(base(`field ${f} missing`, { body: JSON.stringify(without) }));
    }
    for (const key of ['__proto__', 'constructor', 'prototype', 'customerId', 'clientId', 'isAdmin', '\u0000', '\ud800']) {
      out.push(base(`extra key ${JSON.stringify(key)}`, { body: JSON.stringify(validJson).replace(/^\{/, `{${JSON.stringify(key)}:{"polluted":true},`) }));
    }
  }
  // Multipart uploads: every field hostile in turn, hostile file names and types, broken forms.
  if (op.multipartFields) {
    const fields = op.multipartFields;
    const fileFields = fields.filter((f) => /attachment|invoice|photo|file/i.test(f));
    const textFields = fields.filter((f) => !fileFields.includes(f));
    const plain = Object.fromEntries(textFields.map((f) => [f, formValue(f, ids)]));
    for (const f of textFields) {
      for (const s of hostileStrings) {
        const { body, contentType } = multipartBody({ ...plain, [f]: s }, []);
        out.push(base(`form ${f}=${JSON.stringify(s).slice(0, 30)}`, { body, contentType }));
      }
    }
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    for (const f of fileFields) {
      for (const filename of ['a\u0000b.png', '../../etc/passwd', '..\\..\\x.png', 'x'.repeat(1000) + '.png', '\ud800.png', '<script>.png', '']) {
        const { body, contentType } = multipartBody(plain, [{ name: f, filename, type: 'image/png', bytes: png }]);
        out.push(base(`file ${f} named ${JSON.stringify(filename).slice(0, 30)}`, { body, contentType }));
      }
      for (const type of ['text/html', 'image/svg+xml', 'application/x-msdownload', '\u0000', 'image/png; charset=x']) {
        const { body, contentType } = multipartBody(plain, [{ name: f, filename: 'x.png', type, bytes: Buffer.from('<html><script>alert(1)</script></html>') }]);
        out.push(base(`file ${f} of type ${JSON.stringify(type)}`, { body, contentType }));
      }
    }
    out.push(base('multipart without boundary', { body: 'x', contentType: 'multipart/form-data' }));
    out.push(base('multipart truncated', { body: '------x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', contentType: 'multipart/form-data; boundary=----x' }));
    out.push(base('multipart empty', { body: '', contentType: 'multipart/form-data; boundary=----x' }));
  }
  // Padding to the minimum: hostile values in more unknown query parameters.
  for (let i = 0; out.length < MIN_INPUTS; i++) {
    const s = hostileStrings[i % hostileStrings.length]!;
    out.push(base(`query q${i}=${JSON.stringify(s).slice(0, 30)}`, { path: `${basePath}?q${i}=${encodeAny(s)}&${encodeAny(s)}=1` }));
  }
  return out;
}
