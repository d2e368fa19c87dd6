import 'server-only';
import { defineRoute } from '../define-route';
import { consoleBrandParams } from '@/lib/schemas/console';
import { batchParamsShape } from '@/lib/schemas/console-catalogue';
import { deliveryStatusSchema, recallAudienceSchema, recallBodySchema, recallResultSchema, retryFailedSchema } from '@/lib/schemas/console-messages';
import { deliveryStatus, recallAudience, retryFailedMessages, sendRecall } from '@/lib/console/messages';

// The console's customer messages (docs/messages.md). A recall belongs to the catalogue area
// (its writers, owner and manager, send it); the delivery state is read by every role (the
// overview area), and failed messages are sent again by the settings' writers.

const batchParams = consoleBrandParams.extend(batchParamsShape);
const base = '/console/brands/{brand}';

export const consoleDeliveryRoute = defineRoute({
  method: 'get',
  path: `${base}/messages/delivery`,
  tag: 'console-messages',
  access: { class: 'staff', area: 'overview', access: 'read' },
  params: consoleBrandParams,
  response: { description: 'Messages waiting or failed, per channel, and the latest problems', schema: deliveryStatusSchema },
  handle: (_input, ctx) => deliveryStatus(ctx.scope),
});

export const consoleRecallAudienceRoute = defineRoute({
  method: 'get',
  path: `${base}/catalogue/batches/{batchId}/recall`,
  tag: 'console-messages',
  access: { class: 'staff', area: 'catalogue', access: 'read' },
  params: batchParams,
  response: { description: 'Who a recall of the batch would reach', schema: recallAudienceSchema },
  handle: ({ params }, ctx) => recallAudience(ctx.scope, params.batchId),
});

export const consoleMessagesRoutes = [
  consoleRecallAudienceRoute,
  defineRoute({
    method: 'post',
    path: `${base}/catalogue/batches/{batchId}/recall`,
    tag: 'console-messages',
    access: { class: 'staff', area: 'catalogue', access: 'write' },
    params: batchParams,
    body: recallBodySchema,
    fieldErrors: 'The notice is missing, too short or too long, or not confirmed',
    response: { description: 'The notice, queued to every customer of the batch', schema: recallResultSchema },
    handle: ({ params, body }, ctx) => sendRecall(ctx.scope, params.batchId, body.notice),
  }),
  consoleDeliveryRoute,
  defineRoute({
    method: 'post',
    path: `${base}/messages/retry-failed`,
    tag: 'console-messages',
    access: { class: 'staff', area: 'settings', access: 'write' },
    params: consoleBrandParams,
    response: { description: 'Failed messages queued again', schema: retryFailedSchema },
    handle: (_input, ctx) => retryFailedMessages(ctx.scope),
  }),
];
