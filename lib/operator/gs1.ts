import 'server-only';
import { z } from 'zod';
import { cliScope } from '@/lib/console/scope';
import { setBatchLot, setBatchSerials, setProductGtin, setUnitSerial } from '@/lib/console/gs1-keys';
import { requireBrand } from './brands';
import { requireBatch, slugArg, textArg } from './catalog';

// GS1 keys from the command line (docs/gs1.md): the console's use cases (lib/console/gs1-keys/),
// acting as the command line. An empty value clears the key (the lot is then the batch number,
// the serial the qrId).

/** The CLI turns digit-only values into numbers: a key is read back as text (a GTIN's leading zeros do not change it). */
const keyArg = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

export const setGtinArgs = z.object({ slug: slugArg, product: textArg(64), gtin: keyArg }).strict();
export async function setGtin(args: z.output<typeof setGtinArgs>) {
  const brand = await requireBrand(args.slug);
  return setProductGtin(cliScope(brand.id, brand.slug), args.product, args.gtin || null);
}

export const setLotArgs = z.object({ slug: slugArg, batch: textArg(64), lot: keyArg }).strict();
export async function setLot(args: z.output<typeof setLotArgs>) {
  const brand = await requireBrand(args.slug);
  const batch = await requireBatch(brand.id, args.batch);
  return setBatchLot(cliScope(brand.id, brand.slug), batch.id, args.lot || null);
}

export const setSerialArgs = z.object({ slug: slugArg, qrId: textArg(64), serial: keyArg }).strict();
export async function setSerial(args: z.output<typeof setSerialArgs>) {
  const brand = await requireBrand(args.slug);
  return setUnitSerial(cliScope(brand.id, brand.slug), args.qrId, args.serial || null);
}

/**
 * Every unit of a batch its serial at once, in the printed order: numbered from --start with
 * --prefix and --width digits (SN000001…), or --scheme qrId to clear them (the qrId is the serial).
 */
export const numberSerialsArgs = z
  .object({
    slug: slugArg,
    batch: textArg(64),
    scheme: z.enum(['numbered', 'qrId'], { error: "must be 'numbered' or 'qrId'" }).default('numbered'),
    prefix: keyArg.default(''),
    start: z.coerce.number().int('must be a whole number').min(0, 'must be 0 or more').max(999_999_999_999).default(1),
    width: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1 digit').max(20, 'must be at most 20 digits').default(6),
  })
  .strict();
export async function numberSerials(args: z.output<typeof numberSerialsArgs>) {
  const brand = await requireBrand(args.slug);
  const batch = await requireBatch(brand.id, args.batch);
  const scope = cliScope(brand.id, brand.slug);
  return setBatchSerials(
    scope,
    batch.id,
    args.scheme === 'qrId' ? { scheme: 'qrId', confirm: true } : { scheme: 'numbered', prefix: args.prefix, start: args.start, width: args.width, confirm: true },
  );
}
