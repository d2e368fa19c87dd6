import 'server-only';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context';
import { ApiError } from '@/lib/errors';
import { env } from '@/lib/server/env';
import { runOperatorCommand } from '@/lib/operator/commands';
import { keyMatches, same } from './key';
import { redFlagOperatorRoutes } from './red-flag-routes';

// POST /api/operator/run — lets `npm run brand` act through a running server, so the CLI never
// opens DATA_DIR beside it. Reachable only through the launcher's operator listener, a unix
// socket in DATA_DIR (scripts/operator-listener.mjs): its requests carry this process's channel
// token, which the public listener strips and no client can know; without it the endpoint does
// not exist (404, as any unknown path), whatever the host or key. Then guarded by the key in
// DATA_DIR/operator-key (readable only by whoever can read the data itself). Not part of the
// public OpenAPI document.

export const operatorRoutes = new Hono<AppEnv>();

const bodySchema = z.object({ command: z.string().min(1).max(60), args: z.unknown() }).strict();

/** The header the operator listener sets on every request it passes on. */
export const OPERATOR_CHANNEL_HEADER = 'x-operator-channel';

// Every /api/operator/* path, known or not, answers as if absent unless it came through the
// operator listener.
operatorRoutes.use('/operator/*', async (c, next) => {
  if (!same(c.req.header(OPERATOR_CHANNEL_HEADER), env().OPERATOR_CHANNEL_TOKEN)) throw new ApiError('not_found', 'No such API endpoint');
  return next();
});

operatorRoutes.post('/operator/run', async (c) => {
  if (!keyMatches(c.req.header('x-operator-key'))) throw new ApiError('unauthorized', 'Operator key required');
  const body = bodySchema.parse(await c.req.json().catch(() => ({})));
  const result = await runOperatorCommand(body.command, body.args ?? {});
  return c.json({ result }, 200);
});

// Red flags and a code's timeline as endpoints of their own (docs/verification.md, "Risk").
operatorRoutes.route('/', redFlagOperatorRoutes);
