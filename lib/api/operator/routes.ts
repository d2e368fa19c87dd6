import 'server-only';
import { Hono } from 'hono';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { AppEnv } from '../context';
import { ApiError } from '../errors';
import { operatorKey } from '@/lib/server/secrets';
import { runOperatorCommand } from '@/lib/operator/commands';

// POST /api/operator/run — lets `npm run brand` act through a running server, so the CLI never
// opens DATA_DIR beside it. Guarded by the key in DATA_DIR/operator-key (readable only by whoever
// can read the data itself). Not part of the public OpenAPI document.

export const operatorRoutes = new Hono<AppEnv>();

const bodySchema = z.object({ command: z.string().min(1).max(60), args: z.unknown() }).strict();

function keyMatches(given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(operatorKey());
  return a.length === b.length && timingSafeEqual(a, b);
}

operatorRoutes.post('/operator/run', async (c) => {
  if (!keyMatches(c.req.header('x-operator-key'))) throw new ApiError('unauthorized', 'Operator key required');
  const body = bodySchema.parse(await c.req.json().catch(() => ({})));
  const result = await runOperatorCommand(body.command, body.args ?? {});
  return c.json({ result }, 200);
});
