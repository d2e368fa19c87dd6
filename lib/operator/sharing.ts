import 'server-only';
import { z } from 'zod';
import { setBatchRetailer, share, unshare } from '@/lib/console/sharing';
import { brandScope } from './brands';

// Sharing with Retailer organisations from the command line (docs/console.md, "Retailer
// organisations"), through the console's own use cases, audited as the command line:
//   npm run brand -- share --slug brand --retailer shop [--scans on|off] [--complaints on|off]
//   npm run brand -- share --slug brand --retailer shop --unshare
//   npm run brand -- share-batch --slug brand --batch B-001 --retailer shop|none

const slugText = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string());
const onOff = z.enum(['on', 'off']).transform((v) => v === 'on');

export const shareArgs = z
  .object({ slug: slugText, retailer: slugText, scans: onOff.optional(), complaints: onOff.optional(), unshare: z.literal(true).optional() })
  .strict()
  .refine((a) => !(a.unshare && (a.scans !== undefined || a.complaints !== undefined)), { message: '--unshare takes no --scans or --complaints', path: ['unshare'] });

/** Takes the parsed arguments (runOperatorCommand parses them with shareArgs). */
export async function shareCommand(args: z.output<typeof shareArgs>) {
  const scope = await brandScope(args.slug);
  const view = args.unshare ? await unshare(scope, { retailer: args.retailer }) : await share(scope, { retailer: args.retailer, scans: args.scans, complaints: args.complaints });
  return view.shares.map((s) => ({ retailer: s.retailer, scans: s.scans ? 'on' : 'off', complaints: s.complaints ? 'on' : 'off', batches: s.batches.map((b) => b.batchNumber) }));
}

export const shareBatchArgs = z.object({ slug: slugText, batch: slugText, retailer: slugText }).strict();

export async function shareBatchCommand(input: z.input<typeof shareBatchArgs>) {
  const args = shareBatchArgs.parse(input);
  return setBatchRetailer(await brandScope(args.slug), { batchNumber: args.batch, retailer: args.retailer === 'none' ? null : args.retailer });
}

export const sharingCommands = {
  share: {
    summary: 'Share with a Retailer organisation what concerns its batches: --slug --retailer R [--scans on|off] [--complaints on|off], or --unshare',
    args: shareArgs,
    run: shareCommand,
  },
  'share-batch': { summary: 'Assign a batch to the Retailer organisation that sells it: --slug --batch B --retailer R|none', args: shareBatchArgs, run: shareBatchCommand },
};
