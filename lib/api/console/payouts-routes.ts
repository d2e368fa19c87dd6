import 'server-only';
import { defineRoute } from '../define-route';
import { exportPayoutList, exportPayouts, importBankResults, listPayouts, PAYOUT_LIST_HEADER, retryPayout } from '@/lib/console/payouts';
import { productChoices } from '@/lib/console/red-flags';
import { csvAnswer, csvFiles } from './csv-answer';
import { consoleBrandParams } from '@/lib/schemas/console';
import {
  bankResultsImportSchema,
  bankResultsUploadSchema,
  payoutExportQuerySchema,
  payoutExportSchema,
  payoutListQuerySchema,
  payoutListSchema,
  payoutReferenceParams,
  retryPayoutResultSchema,
} from '@/lib/schemas/console-money';

// The console's Payouts area (issue 12): the payouts by status, the bank's bulk-transfer file,
// the bank's result file, a retry of a failed payout. Owner and finance act; the analyst reads.
// The same use cases as the command line (list-payouts, export-payouts, import-bank-results,
// retry-payout).

const read = { class: 'staff', area: 'payouts', access: 'read' } as const;
const write = { class: 'staff', area: 'payouts', access: 'write' } as const;

// GET /api/console/brands/{brand}/payouts?status=&product=&batch=&from=&to=&sort=&page=&pageSize=
export const consolePayoutsListRoute = defineRoute({
  method: 'get',
  path: '/console/brands/{brand}/payouts',
  tag: 'console',
  access: read,
  params: consoleBrandParams,
  query: payoutListQuerySchema,
  response: { description: 'A page of the payouts the filters match in the sort asked (last changed first by default), how many match, and the count in each status', schema: payoutListSchema },
  fieldErrors: 'A filter or sort not understood (fields: status, sort, product, batch, from, to, page, pageSize)',
  handle: async ({ query }, ctx) => {
    const { payouts, counts, total } = await listPayouts(ctx.scope, { ...query, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
    return { payouts, counts, total, page: query.page, pageSize: query.pageSize, products: await productChoices(ctx.scope) };
  },
});

export const consolePayoutsRoutes = [
  consolePayoutsListRoute,

  // GET /api/console/brands/{brand}/payouts.csv?(the list's filters and sort) — streamed. The file
  // names customers and their UPI ids: declared with the area's write access (owner, finance), as
  // the use case checks again; the analyst reads the list a page at a time.
  defineRoute({
    method: 'get',
    path: '/console/brands/{brand}/payouts.csv',
    tag: 'console',
    access: write,
    params: consoleBrandParams,
    query: payoutExportQuerySchema,
    response: { description: 'Every payout the filters match, in the sort asked, as CSV (streamed a page at a time; audited). Nothing moves: the bank\'s file is POST /payouts/export', files: csvFiles },
    fieldErrors: 'A filter or sort not understood (fields: status, sort, product, batch, from, to)',
    handle: async ({ query }, ctx) => csvAnswer(PAYOUT_LIST_HEADER, await exportPayoutList(ctx.scope, query)),
  }),

  // POST /api/console/brands/{brand}/payouts/export
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/payouts/export',
    tag: 'console',
    access: write,
    params: consoleBrandParams,
    response: { description: 'The bank\'s bulk-transfer CSV of every claimed payout, now PENDING_AT_BANK (held ones stay)', schema: payoutExportSchema },
    handle: async (_input, ctx) => {
      const { fileName, csv, count, total, held } = await exportPayouts(ctx.scope);
      return { fileName, csv, count, total, held };
    },
  }),

  // POST /api/console/brands/{brand}/payouts/import {text}
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/payouts/import',
    tag: 'console',
    access: write,
    params: consoleBrandParams,
    body: bankResultsUploadSchema,
    response: { description: 'The bank\'s results applied (all rows or none)', schema: bankResultsImportSchema },
    errors: { 409: 'A payout changed during the import' },
    fieldErrors: 'file',
    handle: ({ body }, ctx) => importBankResults(ctx.scope, body.text),
  }),

  // POST /api/console/brands/{brand}/payouts/{reference}/retry
  defineRoute({
    method: 'post',
    path: '/console/brands/{brand}/payouts/{reference}/retry',
    tag: 'console',
    access: write,
    params: consoleBrandParams.extend(payoutReferenceParams),
    response: { description: 'The payout queued again under the same reference', schema: retryPayoutResultSchema },
    errors: { 409: 'Not TRANSFER_FAILED, or no UPI id to pay' },
    handle: ({ params }, ctx) => retryPayout(ctx.scope, params.reference),
  }),
];
