import 'server-only';
import type { z } from 'zod';
import {
  addBrandDomain,
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
import { ApiError } from '@/lib/api/errors';

// The operator commands, one registry for the command line (run in-process when no server
// holds DATA_DIR) and for POST /api/operator/run (when one does). Same code either way.

type Command = { summary: string; args: z.ZodType; run: (args: never) => Promise<unknown> };

export const operatorCommands: Record<string, Command> = {
  create: { summary: 'Create a brand: --slug --name --domains a.com,b.com [--type Retailer] [--config file.json]', args: createBrandArgs, run: createBrand },
  'set-config': { summary: 'Set a brand configuration from a JSON file: --slug --config file.json', args: setConfigArgs, run: setBrandConfig },
  list: { summary: 'List brands with their domains and status', args: zod.object({}).strict(), run: listBrands },
  'set-status': { summary: 'Set service status: --slug --status Whitelisted|Blacklisted', args: setStatusArgs, run: setBrandStatus },
  'add-domain': { summary: 'Add a domain to a brand: --slug --domain', args: domainArgs, run: addBrandDomain },
  'remove-domain': { summary: 'Remove a domain from a brand: --slug --domain', args: domainArgs, run: removeBrandDomain },
};

export async function runOperatorCommand(name: string, args: unknown): Promise<unknown> {
  const cmd = operatorCommands[name];
  if (!cmd) throw new ApiError('not_found', `Unknown command ${name}`);
  return cmd.run(cmd.args.parse(args) as never);
}
