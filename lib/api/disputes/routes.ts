import 'server-only';
import { defineRoute } from '../define-route';
import { reserveAttempt } from '../attempts';
import { usingUploads } from '../aftersales/read-upload-form';
import { myDisputesResponseSchema, openDisputeResponseSchema } from '@/lib/schemas/disputes';
import { readDisputeForm } from './read-dispute-form';
import { openDispute } from './open-dispute';
import { listMyDisputes } from './list-my-disputes';

// Disputed claims, the customer's side (docs/verification.md "Disputed claims"). Always on: a
// claim is part of every brand's verification.

/** Disputes a customer may open in a day: a refused one gives its place back. */
export const DISPUTE_LIMIT = { limit: 3, windowSeconds: 24 * 60 * 60, message: 'You can open at most 3 disputes a day. Please try again tomorrow.' };

export const myDisputesRoute = defineRoute({
  method: 'get',
  path: '/disputes',
  tag: 'disputes',
  access: 'customer',
  response: { description: "The customer's disputes, newest first", schema: myDisputesResponseSchema },
  handle: (_input, ctx) => listMyDisputes(ctx.clientId, ctx.customerId),
});

export const disputeRoutes = [
  // POST /api/disputes (multipart/form-data: qrId, purchase?, photo) — dispute the claim on a
  // hidden code that answered Product Cliamed to this customer
  defineRoute({
    method: 'post',
    path: '/disputes',
    tag: 'disputes',
    access: 'customer',
    upload: { fields: 'qrId (the hidden code, required), purchase (where and when it was bought, at most 500 characters), photo (an image of the pack, required, at most 5 MB).' },
    response: { status: 201, description: 'Dispute opened', schema: openDisputeResponseSchema },
    errors: {
      404: 'No code of this brand has this id',
      409: 'Nobody else holds the claim, or the customer has not checked the hidden code, or a dispute of theirs is already open',
      413: 'Photo larger than 5 MB',
      415: 'Photo is not an image, or the body is not multipart',
    },
    handle: async ({ upload }, ctx) => {
      const owner = { clientId: ctx.clientId, customerId: ctx.customerId };
      const attempt = await reserveAttempt([{ key: `dispute:${ctx.clientId}:${ctx.customerId}`, window: DISPUTE_LIMIT }]);
      try {
        const form = await readDisputeForm(upload, owner);
        return await usingUploads(form, (f) => openDispute(owner.clientId, owner.customerId, f));
      } catch (err) {
        await attempt.release();
        throw err;
      }
    },
  }),

  // GET /api/disputes — the customer's disputes and their state
  myDisputesRoute,
];
