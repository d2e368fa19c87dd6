import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { s3FileStore } from '@/lib/files/s3-store';

// s3rver (file-store.test.ts) speaks S3 but does not check SigV4 signatures. This server checks
// them, computed here from AWS's published algorithm independently of the client library, and
// checks that the signed payload hash is the hash of the bytes that arrived.

const SECRET = 'test-secret-key-0123456789';
const hex = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

function expectedSignature(req: http.IncomingMessage, secret: string): { given: string; computed: string } {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
  if (!auth) return { given: 'none', computed: 'missing or malformed Authorization' };
  const [, , date, region, signedHeaders, given] = auth;
  const url = new URL(req.url!, 'http://x');
  const headers = signedHeaders!.split(';');
  const canonicalHeaders = headers.map((h) => `${h}:${String(req.headers[h] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [req.method, url.pathname, url.searchParams.toString(), canonicalHeaders, signedHeaders, req.headers['x-amz-content-sha256']].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', req.headers['x-amz-date'], scope, hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), 's3'), 'aws4_request');
  return { given: given!, computed: createHmac('sha256', key).update(stringToSign).digest('hex') };
}

let server: http.Server;
let endpoint: string;
const objects = new Map<string, Buffer>();
const seen: Array<{ method: string; signedHeaders: string; payloadHash: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const { given, computed } = expectedSignature(req, SECRET);
      const payloadHash = String(req.headers['x-amz-content-sha256']);
      seen.push({ method: req.method!, signedHeaders: /SignedHeaders=([^,]+)/.exec(req.headers.authorization ?? '')?.[1] ?? '', payloadHash });
      if (given !== computed) return res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      if (req.method === 'PUT') {
        if (payloadHash !== hex(body)) return res.writeHead(400).end('<Error><Code>XAmzContentSHA256Mismatch</Code></Error>');
        if (Number(req.headers['content-length']) !== body.length) return res.writeHead(400).end('<Error><Code>IncompleteBody</Code></Error>');
        objects.set(req.url!, body);
        return res.writeHead(200).end();
      }
      if (req.method === 'GET') {
        const o = objects.get(req.url!);
        return o ? res.writeHead(200, { 'content-length': o.length }).end(o) : res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
      }
      if (req.method === 'DELETE') return objects.delete(req.url!), res.writeHead(204).end();
      res.writeHead(405).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function store(secret: string) {
  const spoolDir = mkdtempSync(path.join(os.tmpdir(), 'store-sig-'));
  return { spoolDir, store: s3FileStore({ endpoint, bucket: 'uploads', accessKeyId: 'AKIDTEST', secretAccessKey: secret, region: 'ap-south-1', spoolDir }) };
}

it('signs PUT, GET and DELETE with SigV4 and the hash of the bytes it sends', async () => {
  const { store: s, spoolDir } = store(SECRET);
  try {
    const bytes = Buffer.alloc(300_000, 5);
    const put = await s.put(Readable.from([bytes]));
    expect(seen.at(-1)).toEqual({ method: 'PUT', signedHeaders: expect.stringContaining('x-amz-content-sha256'), payloadHash: hex(bytes) });
    const got = await s.get(put.key);
    expect(Buffer.concat(await got!.body.toArray()).equals(bytes)).toBe(true);
    await s.delete(put.key);
    expect(await s.get(put.key)).toBeUndefined();
  } finally {
    rmSync(spoolDir, { recursive: true, force: true });
  }
});

it('fails, naming the answer, when the signature is wrong (a wrong secret)', async () => {
  const { store: s, spoolDir } = store('not-the-secret');
  try {
    await expect(s.put(Readable.from([Buffer.from('x')]))).rejects.toThrow(/File store: PUT answered 403.*SignatureDoesNotMatch/s);
    await expect(s.get('ab/abababababababababababababababab')).rejects.toThrow(/GET answered 403/);
  } finally {
    rmSync(spoolDir, { recursive: true, force: true });
  }
});
