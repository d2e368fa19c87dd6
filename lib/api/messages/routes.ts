import 'server-only';
import { defineRoute } from '../define-route';
import { customerMessagesSchema, markReadBodySchema, markReadResponseSchema, messagePreferencesSchema, setPreferencesBodySchema, unreadCountSchema } from '@/lib/schemas/messages';
import { getPreferences, listMessages, markRead, setPreferences, unreadCount } from './customer-messages';

// The customer's messages and their choice of channels (docs/messages.md).

export const customerMessagesRoute = defineRoute({
  method: 'get',
  path: '/customer/messages',
  tag: 'customer',
  access: 'customer',
  response: { description: 'The customer\'s messages, newest first, and how many are unread', schema: customerMessagesSchema },
  handle: (_input, ctx) => listMessages(ctx.clientId, ctx.customerId),
});

// The count alone, for the home screen's mark: one count query, none of the list's rows.
export const unreadCountRoute = defineRoute({
  method: 'get',
  path: '/customer/messages/unread-count',
  tag: 'customer',
  access: 'customer',
  response: { description: 'How many of the customer\'s in-app messages are unread', schema: unreadCountSchema },
  handle: async (_input, ctx) => ({ unread: await unreadCount(ctx.clientId, ctx.customerId) }),
});

export const messagePreferencesRoute = defineRoute({
  method: 'get',
  path: '/customer/message-preferences',
  tag: 'customer',
  access: 'customer',
  response: { description: 'Each kind of message on each channel, on or off', schema: messagePreferencesSchema },
  handle: (_input, ctx) => getPreferences(ctx.clientId, ctx.customerId),
});

export const messageRoutes = [
  // GET /api/customer/messages — the in-app list, with the unread count
  customerMessagesRoute,

  // GET /api/customer/messages/unread-count — the unread count alone (the home screen's mark)
  unreadCountRoute,

  // POST /api/customer/messages/read — marks messages read ({ ids }; without ids: all)
  defineRoute({
    method: 'post',
    path: '/customer/messages/read',
    tag: 'customer',
    access: 'customer',
    body: markReadBodySchema,
    response: { description: 'How many are still unread', schema: markReadResponseSchema },
    errors: { 404: 'A message that is not the customer\'s' },
    handle: ({ body }, ctx) => markRead(ctx.clientId, ctx.customerId, body.ids),
  }),

  // GET /api/customer/message-preferences — channels per kind
  messagePreferencesRoute,

  // PUT /api/customer/message-preferences — turn kinds on or off per channel (security and recall notices stay on)
  defineRoute({
    method: 'put',
    path: '/customer/message-preferences',
    tag: 'customer',
    access: 'customer',
    body: setPreferencesBodySchema,
    response: { description: 'Each kind of message on each channel, on or off', schema: messagePreferencesSchema },
    handle: ({ body }, ctx) => setPreferences(ctx.clientId, ctx.customerId, body.preferences),
  }),
];
