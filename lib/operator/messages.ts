import 'server-only';
import { z } from 'zod';
import { deliveryStatus, sendRecall } from '@/lib/console/messages';
import { recallBodySchema } from '@/lib/schemas/console-messages';
import { brandScope } from './brands';
import { requireBatch, slugArg } from './catalog';

// Customer messages from the command line (docs/messages.md): the same use cases as the console's.

export const sendRecallArgs = z.object({ slug: slugArg, batch: z.string().min(1).max(64), notice: recallBodySchema.shape.notice }).strict();

export async function sendRecallCommand(args: z.output<typeof sendRecallArgs>) {
  const scope = await brandScope(args.slug);
  const batch = await requireBatch(scope.clientId, args.batch);
  return sendRecall(scope, batch.id, args.notice);
}

export const messageDeliveryArgs = z.object({ slug: slugArg }).strict();

export async function messageDeliveryCommand(args: z.output<typeof messageDeliveryArgs>) {
  return deliveryStatus(await brandScope(args.slug));
}

export const messageCommands = {
  'send-recall': {
    summary: 'Send a recall or safety notice to every customer who claimed or registered a unit of a batch: --slug --batch B-001 --notice "..."',
    args: sendRecallArgs,
    run: sendRecallCommand,
  },
  'message-delivery': { summary: 'The brand\'s customer messages waiting and failed per channel, and the latest problems: --slug', args: messageDeliveryArgs, run: messageDeliveryCommand },
};
