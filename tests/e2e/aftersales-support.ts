import { execFileSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { createBrand, newEmail, open, operatorOf, signUpByApi, type Brand, type ServerAt } from './support';

// Helpers of the after-sales specs: a brand of its own with a product, units, a cashback and a
// journey (made through the operator endpoint), a customer who claims a unit by its post-sale
// scan, the operator command line run against the e2e server, and small real files.

export const AFTERSALES_FLAGS = { isWarrantyEnabled: true, isLoyalityProgramEnabled: true, isComplaintManagementEnabled: true, isTrackingEnabled: true, isQrSerializationEnabled: true };

export type Shop = { brand: Brand; productId: string; productName: string; coverts: string[]; rewardId: string };

/** The brand, made on the suite's server or on the server `at` (tests/e2e/own-server.ts). */
export async function aftersalesBrand(flags: Record<string, boolean> = {}, at?: ServerAt): Promise<Shop> {
  const operator = operatorOf(at);
  const brand = await createBrand({ flags: { ...AFTERSALES_FLAGS, ...flags } }, undefined, undefined, at);
  const { slug } = brand;
  const productName = 'Glow Serum 30 ml';
  const product = await operator('create-product', { slug, name: productName, description: 'A serum for the after-sales tests.', warrantyMonths: 12, attributes: [{ name: 'Volume', value: '30 ml' }] });
  const batchNumber = `AS-${slug.slice(-6).toUpperCase()}`;
  await operator('create-batch', { slug, product: product.id, batchNumber, mfgDate: '2025-01-15', expiryDate: '2099-12-31' });
  await operator('generate-codes', { slug, batch: batchNumber, count: 2 });
  const codes = (await operator('list-codes', { slug })) as Array<{ qrId: string; level: number; batch: string }>;
  const coverts = codes.filter((c) => c.level === 7 && c.batch === batchNumber).map((c) => c.qrId);
  const reward = await operator('create-reward', { slug, name: 'Genuine scan cashback', description: 'Paid to your UPI id.', type: 'Cashback', amount: 25, budget: 1000, perCustomer: 3 });
  await operator('set-journey', {
    slug,
    product: product.id,
    config: {
      steps: [
        { type: 'INFO', title: 'Thank you for buying genuine', config: { body: 'Three quick steps earn you a cashback.' } },
        { type: 'DECISION', title: 'Where did you buy it?', config: { question: 'Where did you buy this product?', options: ['Shop', 'Online'] } },
        { type: 'INPUT', title: 'Invoice number', config: { label: 'Invoice number', placeholder: 'e.g. INV-1001', maxLength: 40 } },
        { type: 'REWARD', title: 'Your cashback', config: { rewardId: reward.rewardId } },
      ],
    },
  });
  return { brand, productId: product.id, productName, coverts, rewardId: reward.rewardId };
}

/** Signs a new customer up and claims the unit of `covertQrId` by its post-sale scan. */
export async function customerWithUnit(page: Page, shop: Shop, covertQrId = shop.coverts[0]!): Promise<{ email: string }> {
  const email = newEmail();
  await signUpByApi(page, shop.brand, { email, name: 'Asha' });
  await open(page, `${shop.brand.origin}/covert/post/verify/${covertQrId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Genuine Post Sale', exact: true })).toBeVisible();
  return { email };
}

/** The operator command line (scripts/brand.mjs) against the running e2e server, --json answer. */
export function brandCli(args: string[]): any {
  const out = execFileSync(process.execPath, ['--conditions=react-server', 'scripts/brand.mjs', ...args, '--json'], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return JSON.parse(out);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A real 8x8 PNG of one colour. */
export function pngBytes(rgb: [number, number, number] = [31, 79, 216]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(8, 0);
  ihdr.writeUInt32BE(8, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 8 }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: 8 }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A minimal valid one-page PDF. */
export function pdfBytes(text = 'Invoice INV-1001'): Buffer {
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 20 70 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 20 70 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
