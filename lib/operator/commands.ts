import 'server-only';
import type { z } from 'zod';
import {
  addBrandDomain,
  approveBrandDomain,
  createBrand,
  createBrandArgs,
  domainArgs,
  listBrands,
  removeBrandDomain,
  setBrandConfig,
  setBrandStatus,
  setConfigArgs,
  setStatusArgs,
} from './brands';
import { z as zod } from 'zod';
import { ApiError } from '@/lib/errors';
import { listLegal, listLegalArgs, publishLegal, publishLegalArgs } from './legal';
import { numberSerials, numberSerialsArgs, setGtin, setGtinArgs, setLot, setLotArgs, setSerial, setSerialArgs } from './gs1';
import { createBatch, createBatchArgs, createProduct, createProductArgs, listProducts, listProductsArgs } from './catalog';
import {
  blacklistCode,
  blacklistCodeArgs,
  deleteCode,
  deleteCodeArgs,
  generateCodes,
  generateCodesArgs,
  listCodes,
  listCodesArgs,
  listScans,
  listScansArgs,
  recordTrackingEvent,
  recordTrackingEventArgs,
} from './catalog-codes';
import { exportCodes, exportCodesArgs, exportPdf, exportPdfArgs } from './catalog-export';
import { aftersalesCommands } from './aftersales';
import { redFlagCommands } from './red-flags';
import { inviteStaffArgs, inviteStaffCommand, resetSecondFactorArgs, resetSecondFactorCommand } from './staff';
import { sharingCommands } from './sharing';
import { messageCommands } from './messages';

// The operator commands, one registry for the command line (run in-process when no server
// holds DATA_DIR) and for POST /api/operator/run (when one does). Same code either way.

type Command = { summary: string; args: z.ZodType; run: (args: never) => Promise<unknown> };

export const operatorCommands: Record<string, Command> = {
  create: { summary: 'Create a brand: --slug --name --domains a.com,b.com [--type Retailer] [--config file.json]', args: createBrandArgs, run: createBrand },
  'set-config': { summary: 'Set a brand configuration from a JSON file: --slug --config file.json', args: setConfigArgs, run: setBrandConfig },
  list: { summary: 'List brands with their domains and status', args: zod.object({}).strict(), run: listBrands },
  'set-status': { summary: 'Set service status: --slug --status Whitelisted|Blacklisted', args: setStatusArgs, run: setBrandStatus },
  'add-domain': { summary: 'Add a domain to a brand: --slug --domain', args: domainArgs, run: addBrandDomain },
  'approve-domain': { summary: 'Approve a domain added in the console (pending until then): --slug --domain', args: domainArgs, run: approveBrandDomain },
  'remove-domain': { summary: 'Remove a domain from a brand: --slug --domain', args: domainArgs, run: removeBrandDomain },
  'publish-legal': {
    summary: 'Publish a new version of a legal document: --slug --type "Terms & Conditions"|"Privacy Policy"|"Cookie Policy" --file policy.md|policy.pdf',
    args: publishLegalArgs,
    run: publishLegal,
  },
  'list-legal': { summary: 'List the versions of a brand\'s legal documents: --slug', args: listLegalArgs, run: listLegal },
  'create-product': {
    summary: 'Create a product: --slug --name [--description] [--warranty-months 12] [--gtin 9506000134352] [--images url1,url2] [--attributes "Colour=Red;Size=M"]',
    args: createProductArgs,
    run: createProduct,
  },
  'list-products': { summary: 'List a brand\'s products with their ids: --slug', args: listProductsArgs, run: listProducts },
  'create-batch': {
    summary: 'Create a batch: --slug --product <product id> --batch-number B-001 [--mfg-date 2025-01-31] [--expiry-date 2027-01-31]',
    args: createBatchArgs,
    run: createBatch,
  },
  'set-gtin': { summary: 'Set a product\'s GTIN (8, 12, 13 or 14 digits; empty clears): --slug --product <product id> --gtin 8901234567893', args: setGtinArgs, run: setGtin },
  'set-lot': { summary: 'Set a batch\'s GS1 lot (empty: the batch number): --slug --batch B-001 --lot L2025-01', args: setLotArgs, run: setLot },
  'set-serial': { summary: 'Set a unit\'s GS1 serial (empty: its qrId): --slug --qr-id <qrId> --serial SN0001', args: setSerialArgs, run: setSerial },
  'number-serials': {
    summary: 'Give every unit of a batch its GS1 serial, in the printed order: --slug --batch B-001 [--prefix SN] [--start 1] [--width 6] (SN000001…), or --scheme qrId to clear them',
    args: numberSerialsArgs,
    run: numberSerials,
  },
  'generate-codes': {
    summary: 'Generate codes for a batch: --slug --batch B-001 --count 100 [--case-size 10 [--pallet-size 5]] | [--batch-level]',
    args: generateCodesArgs,
    run: generateCodes,
  },
  'list-codes': { summary: 'List codes with their state and link: --slug [--batch B-001] [--limit 200]', args: listCodesArgs, run: listCodes },
  'export-codes': { summary: 'Export a batch\'s codes as CSV: --slug --batch B-001 [--out codes.csv] (stdout without --out)', args: exportCodesArgs, run: exportCodes },
  'export-pdf': { summary: 'Print-ready A4 PDF of a batch\'s QR codes: --slug --batch B-001 --out codes.pdf [--levels 6,7]', args: exportPdfArgs, run: exportPdf },
  'blacklist-code': { summary: 'Blacklist a code (scans answer Fake): --slug --qr-id <qrId> [--undo]', args: blacklistCodeArgs, run: blacklistCode },
  'delete-code': { summary: 'Delete a code (scans answer Invalid Product): --slug --qr-id <qrId>', args: deleteCodeArgs, run: deleteCode },
  'record-tracking-event': {
    summary: 'Record a tracking event on a unit, case or pallet code: --slug --qr-id <qrId> --stage Shipped --place "Pune DC" [--at 2025-06-01T10:00:00Z]',
    args: recordTrackingEventArgs,
    run: recordTrackingEvent,
  },
  'list-scans': { summary: 'List the scans of a code\'s unit, newest first: --slug --qr-id <qrId> [--limit 50]', args: listScansArgs, run: listScans },
  ...aftersalesCommands,
  ...redFlagCommands,
  'invite-staff': {
    summary: 'Invite someone to a brand\'s console staff (the first owner): --slug --email E [--role owner|manager|support|finance|analyst]; prints the link',
    args: inviteStaffArgs,
    run: inviteStaffCommand,
  },
  'reset-2fa': {
    summary: 'Reset the second factor of a brand\'s only owner who lost the authenticator and the recovery codes (audited; ends their sessions): --slug --email E',
    args: resetSecondFactorArgs,
    run: resetSecondFactorCommand,
  },
  ...sharingCommands,
  ...messageCommands,
};

export async function runOperatorCommand(name: string, args: unknown): Promise<unknown> {
  const cmd = operatorCommands[name];
  if (!cmd) throw new ApiError('not_found', `Unknown command ${name}`);
  return cmd.run(cmd.args.parse(args) as never);
}
