import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { env } from '@/lib/edge/env';
import { SESSION_COOKIE } from '@/lib/edge/session-cookie';
import { ApiRequestError, REFRESH_FAILED_MESSAGE } from '@/lib/shared/fetch-rules';
import type { Route } from '@/lib/api/define-route';
import { callScope, invokeRoute, pageCustomer, pathOf, type RouteAnswer, type RouteInput } from '@/lib/api/in-process';
import { currentAccessToken, remoteFetch } from './api-fetch';

// The one way pages and server components read the Brand API (DESIGN.md section 1):
//
//   const verdict = await callRoute(verifyCodeRoute, { params: { route: 'info', qrId } });
//
// typed by the route's declaration (its params, query and body schemas in, its answer schema
// out). In this process (the default) the route runs in process for the page request
// (lib/api/in-process.ts): the request's scope is made once, the session read once, the same
// guards and handler run, nothing is serialised, nothing parsed twice, no token is minted. With
// BRAND_API_URL the same call goes over HTTP to that deployment under the spec's token rules
// (api-fetch.ts) and its answer is parsed with the same schema. Failures are ApiRequestError
// either way, with the status, errorMessage, code and field the API answered.

type Schema = import('zod').ZodType;
type AnyRoute = Route<Schema | undefined, Schema | undefined, Schema | undefined, Schema | undefined>;
type Args<R> = object extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>];

/** The page request as every call of it sees it, made once per page request. */
const pageScope = cache(async () => callScope(new Headers(await headers())));

const remote = () => !!env().BRAND_API_URL;

export async function callRoute<R extends AnyRoute>(route: R, ...[input]: Args<R>): Promise<RouteAnswer<R>> {
  const given = (input ?? {}) as RouteInput<R> & { body?: unknown };
  if (!remote()) return invokeRoute(route, given, await pageScope());
  const { declaration } = route;
  const access = typeof declaration.access === 'string' ? declaration.access : declaration.access.class;
  // A token goes with a customer's route, and with a route open to both when there is a session.
  const auth = access === 'customer' || (access === 'brand-or-customer' && (await remoteSessionExists()));
  const answer = await remoteFetch(pathOf(route, given), { method: declaration.method.toUpperCase(), body: given.body, auth });
  const schema = declaration.response.schema;
  return (schema ? schema.parse(answer) : undefined) as RouteAnswer<R>;
}

async function remoteSessionExists(): Promise<boolean> {
  if (!(await headers()).get('cookie')?.includes(SESSION_COOKIE)) return false;
  return currentAccessToken().then(
    () => true,
    () => false,
  );
}

/**
 * The page request's signed-in customer. Fails with a 401 ApiRequestError when the API says the
 * cookie names no live session; with another error when that could not be asked.
 */
export const currentCustomer = cache(async (): Promise<{ customerId: string }> => {
  if (remote()) return { customerId: (await currentAccessToken()).customerId };
  const { customer, ended } = await pageCustomer(await pageScope());
  // No brand serves the host (or it is shut off): the question stays open, as the API's 404 left it.
  if (!customer) throw new ApiRequestError(REFRESH_FAILED_MESSAGE, ended ? 401 : 404);
  return { customerId: customer.customerId };
});
