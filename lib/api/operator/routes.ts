import 'server-only';
import { Hono } from 'hono';
import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../context';
import { ApiError } from '@/lib/errors';
import { env } from '@/lib/edge/env';
import { runOperatorCommand } from '@/lib/operator/commands';
import { defineRoute, mountRoutes } from '../define-route';
import { requireOperatorKey, same } from './key';
import { redFlagOperatorRoutes } from './red-flag-routes';

// POST /api/operator/run — lets `npm run brand` act through a running server, so the CLI never
// opens DATA_DIR beside it. Reachable only through the launcher's operator listener, a unix
// socket in DATA_DIR (scripts/operator-listener.mjs): its requests carry this process's channel
// token, which the public listener strips and no client can know; without it the endpoint does
// not exist (404, as any unknown path), whatever the host or key. Then guarded by the key in
// DATA_DIR/operator-key (readable only by whoever can read the data itself). Not part of the
// public OpenAPI document, nor of the operator's own (a command channel, not an endpoint).

const runRoute = defineRoute({
  method: 'post',
  path: '/operator/run',
  tag: 'operator',
  access: 'operator',
  hidden: true,
  body: z.object({ command: z.string().min(1).max(60), args: z.unknown() }).strict(),
  response: { description: 'What the command answered', schema: z.object({ result: z.unknown() }) },
  handle: async ({ body }) => ({ result: await runOperatorCommand(body.command, body.args ?? {}) }),
});

/** Every operator endpoint; mounted here, on the operator channel, never on a brand host. */
export const operatorEndpoints = [runRoute, ...redFlagOperatorRoutes];

/** The header the operator listener sets on every request it passes on. */
export const OPERATOR_CHANNEL_HEADER = 'x-operator-channel';

// The operator endpoints with their own OpenAPI document. Wrapped in a plain Hono router below so
// that mounting them does not merge their operations into the public document.
const operatorApi = new OpenAPIHono<AppEnv>({
  defaultHook: (result) => {
    if (!result.success) throw result.error; // 422 naming the field
  },
});
mountRoutes(operatorApi, operatorEndpoints, 'operator');
operatorApi.use('/operator/openapi.json', requireOperatorKey);
operatorApi.doc31('/operator/openapi.json', {
  openapi: '3.1.0',
  info: { title: 'Brand API: operator endpoints for red flags', version: '1.0.0', description: 'Reachable only on the operator socket, with the operator key.' },
});

export const operatorRoutes = new Hono<AppEnv>();

// Every /api/operator/* path, known or not, answers as if absent unless it came through the
// operator listener.
operatorRoutes.use('/operator/*', async (c, next) => {
  if (!same(c.req.header(OPERATOR_CHANNEL_HEADER), env().OPERATOR_CHANNEL_TOKEN)) throw new ApiError('not_found', 'No such API endpoint');
  return next();
});
operatorRoutes.route('/', operatorApi);
