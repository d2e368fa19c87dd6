import 'server-only';
import { defineRoute } from '../define-route';
import { setBatchLot, setBatchSerials, setProductGtin, setUnitSerial } from '@/lib/console/gs1-keys';
import { consoleBrandParams } from '@/lib/schemas/console';
import {
  batchLotInputSchema,
  batchLotSchema,
  batchParamsShape,
  batchSerialsInputSchema,
  batchSerialsSchema,
  productGtinInputSchema,
  productGtinSchema,
  productParamsShape,
  unitParamsShape,
  unitSerialInputSchema,
  unitSerialSchema,
} from '@/lib/schemas/console-catalogue';

// The GS1 keys of the catalogue from the console (docs/gs1.md): a product's GTIN, a batch's lot,
// a unit's serial, and a whole batch's serials at once. The owner and managers; the same use cases
// as the command line's set-gtin, set-lot, set-serial and number-serials (lib/console/gs1-keys.ts), audited.

const write = { class: 'staff', area: 'catalogue', access: 'write' } as const;
const base = '/console/brands/{brand}/catalogue';

export const consoleGs1Routes = [
  defineRoute({
    method: 'put',
    path: `${base}/products/{productId}/gtin`,
    tag: 'console-catalogue',
    access: write,
    params: consoleBrandParams.extend(productParamsShape),
    body: productGtinInputSchema,
    response: { description: "The product's GTIN, as stored (14 digits)", schema: productGtinSchema },
    fieldErrors: 'gtin (digits, length, check digit)',
    errors: { 409: 'Another product of the brand has this GTIN' },
    handle: ({ params, body }, ctx) => setProductGtin(ctx.scope, params.productId, body.gtin),
  }),
  defineRoute({
    method: 'put',
    path: `${base}/batches/{batchId}/lot`,
    tag: 'console-catalogue',
    access: write,
    params: consoleBrandParams.extend(batchParamsShape),
    body: batchLotInputSchema,
    response: { description: "The batch's lot (its batch number when cleared)", schema: batchLotSchema },
    fieldErrors: "lot (GS1's character set, 1 to 20 characters)",
    errors: { 409: 'Another batch of the product has this lot' },
    handle: ({ params, body }, ctx) => setBatchLot(ctx.scope, params.batchId, body.lot),
  }),
  defineRoute({
    method: 'put',
    path: `${base}/units/{qrId}/serial`,
    tag: 'console-catalogue',
    access: write,
    params: consoleBrandParams.extend(unitParamsShape),
    body: unitSerialInputSchema,
    response: { description: "The unit's serial (its visible code's qrId when cleared)", schema: unitSerialSchema },
    fieldErrors: "serial (GS1's character set, 1 to 20 characters)",
    errors: { 409: 'Another unit of the product has this serial' },
    handle: ({ params, body }, ctx) => setUnitSerial(ctx.scope, params.qrId, body.serial),
  }),
  // POST …/batches/{batchId}/serials {scheme:'numbered', prefix, start, width, confirm} | {scheme:'qrId', confirm}
  defineRoute({
    method: 'post',
    path: `${base}/batches/{batchId}/serials`,
    tag: 'console-catalogue',
    access: write,
    params: consoleBrandParams.extend(batchParamsShape),
    body: batchSerialsInputSchema,
    response: { description: "The batch's units with their new serials: how many, the first and the last", schema: batchSerialsSchema },
    fieldErrors: "scheme, prefix (GS1's character set), start, width (prefix and digits at most 20 characters; the last number must fit the digits), confirm (must be true)",
    errors: { 409: 'A unit of another batch of the product already has one of the new serials (field start)' },
    handle: ({ params, body }, ctx) => setBatchSerials(ctx.scope, params.batchId, body),
  }),
];
