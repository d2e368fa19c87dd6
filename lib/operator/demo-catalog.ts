import 'server-only';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { claims, clients, codes, customers, scans } from '@/lib/db/schema';
import { randomId } from '@/lib/ids';
import { env } from '@/lib/edge/env';
import { createBatch, createBatchArgs, createProduct, createProductArgs } from './catalog';
import { blacklistCode, deleteCode, generateCodes, generateCodesArgs, listCodes, recordTrackingEvent } from './catalog-codes';

// The demo brand's catalogue (a seed step): codes in every state, written to
// DATA_DIR/demo-codes.json and listed by `npm run brand -- list-codes --slug demo`.

const plusYears = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
};

export async function seedDemoCatalog(clientId: string) {
  const db = await getDb();
  const [brand] = await db.select({ slug: clients.slug }).from(clients).where(eq(clients.id, clientId));
  const slug = brand!.slug;

  const serum = await createProduct(
    createProductArgs.parse({
      slug,
      name: 'Demo Face Serum 30 ml',
      description: 'Vitamin C face serum. Genuine packs carry an overt QR code and a covert code under the scratch-off.',
      warrantyMonths: 12,
      gtin: '8901234567890',
      attributes: [
        { name: 'Volume', value: '30 ml' },
        { name: 'Made in', value: 'India' },
      ],
    }),
  );
  const watch = await createProduct(
    createProductArgs.parse({ slug, name: 'Demo Smart Watch', description: 'Fitness smart watch, batch-level codes.', warrantyMonths: 24, gtin: '8901234567906' }),
  );
  await createBatch(createBatchArgs.parse({ slug, product: serum.id, batchNumber: 'DEMO-SERUM-01', mfgDate: new Date().toISOString().slice(0, 10), expiryDate: plusYears(3) }));
  await createBatch(createBatchArgs.parse({ slug, product: serum.id, batchNumber: 'DEMO-SERUM-OLD', mfgDate: '2022-01-15', expiryDate: '2024-01-31' }));
  await createBatch(createBatchArgs.parse({ slug, product: watch.id, batchNumber: 'DEMO-WATCH-01', mfgDate: '2025-03-01' }));
  await generateCodes(generateCodesArgs.parse({ slug, batch: 'DEMO-SERUM-01', count: 4, caseSize: 2, palletSize: 2 }));
  await generateCodes(generateCodesArgs.parse({ slug, batch: 'DEMO-SERUM-OLD', count: 1 }));
  await generateCodes(generateCodesArgs.parse({ slug, batch: 'DEMO-WATCH-01', count: 1, batchLevel: true }));

  const fresh = await db.select().from(codes).where(eq(codes.clientId, clientId)).orderBy(asc(codes.createdAt), asc(codes.id));
  // The four units of DEMO-SERUM-01 are the ones packed in cases.
  const unitIds = fresh.filter((c) => c.pairId && c.level === 6 && c.parentCodeId).map((c) => c.pairId!);
  const codeOf = (pairId: string, level: 6 | 7) => fresh.find((c) => c.pairId === pairId && c.level === level)!;
  const [genuine, claimed, blacklisted, deleted] = unitIds;

  // A claimed unit needs an owner: a demo customer who never signs in.
  const ownerId = randomId('cu', 16);
  await db.insert(customers).values({ id: ownerId, clientId, userName: 'Demo Owner', email: 'owner@demo.example' });
  await db.insert(claims).values({ unitId: claimed!, clientId, customerId: ownerId });
  const claimedCovert = codeOf(claimed!, 7);
  await db.insert(scans).values({
    id: randomId('sc', 16),
    clientId,
    codeId: claimedCovert.id,
    unitKey: claimed!,
    qrIdRaw: claimedCovert.qrId,
    customerId: ownerId,
    kind: 'post sale',
    layer: 3,
    result: 'Genuine Post Sale',
  });
  await blacklistCode({ slug, qrId: codeOf(blacklisted!, 6).qrId, undo: false });
  await deleteCode({ slug, qrId: codeOf(deleted!, 6).qrId });

  const pallet = fresh.find((c) => c.level === 9)!;
  const firstCase = fresh.find((c) => c.level === 8 && c.id === codeOf(genuine!, 6).parentCodeId)!;
  const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  await recordTrackingEvent({ slug, qrId: pallet.qrId, stage: 'Manufactured', place: 'Demo factory, Pune', at: day(6) });
  await recordTrackingEvent({ slug, qrId: pallet.qrId, stage: 'Dispatched', place: 'Demo factory, Pune', at: day(5) });
  await recordTrackingEvent({ slug, qrId: firstCase.qrId, stage: 'Received at distributor', place: 'Mumbai warehouse', at: day(3) });
  await recordTrackingEvent({ slug, qrId: firstCase.qrId, stage: 'Delivered to retailer', place: 'Demo Store, Andheri', at: day(1) });

  await writeDemoCodes(slug, clientId);
}

/** DATA_DIR/demo-codes.json: every demo code with its state and link (not written for in-memory data). */
export async function writeDemoCodes(slug: string, clientId: string, dir = env().DATA_DIR): Promise<string | undefined> {
  if (dir === ':memory:') return undefined;
  const rows = await listCodes({ slug, limit: 200 });
  const db = await getDb();
  const owner = await db.select({ id: customers.id }).from(customers).where(and(eq(customers.clientId, clientId), eq(customers.email, 'owner@demo.example')));
  const file = path.join(path.resolve(dir), 'demo-codes.json');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    JSON.stringify(
      {
        brand: slug,
        note: 'Seeded demo codes. Overt and covert codes with the same unit are one product unit; a unit\'s visible code also answers at its GS1 Digital Link URI (gs1Url, docs/gs1.md). List them any time: npm run brand -- list-codes --slug demo',
        claimedBy: owner[0] ? 'owner@demo.example' : null,
        codes: rows,
      },
      null,
      2,
    ) + '\n',
  );
  return file;
}
