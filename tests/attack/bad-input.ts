import { call, startApiServer, type Res, type TestServer } from '../support/api-server';
import { documentedOperations, loadOperations, opName, type Operation } from './operations';
import { badInputs, MIN_INPUTS, type BadInput } from './inputs';
import { freshCustomers, RECEIPT_SECRETS, rowCounts, seedWorld, type World } from './world';
import { signBody } from '@/lib/api/messages/receipt-signature';

// Bad input against every operation of the Brand API's OpenAPI document (and the operator
// endpoint): never a 5xx, every 4xx is JSON with an errorMessage, no stack trace or SQL in any
// answer, and nothing written for a rejected request (row counts of every table but the
// rate-limit bookkeeping, compared around stretches of an operation's requests, and more closely
// where a count moved: see attack below). One test per operation, so a failure names it.
// The operations are in two halves, one per test file (bad-input.test.ts and
// bad-input-second-half.test.ts), so the two halves run side by side on two jest workers.

/** What no answer may show: stack frames, source paths, SQL and driver errors. */
export const LEAK = /\bat \S+ \(|\.(?:ts|js|mjs):\d+|node_modules|\bSELECT\b.+\bFROM\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|syntax error at|violates .+ constraint|invalid byte sequence|duplicate key|relation "|ZodError|TypeError|ReferenceError|DrizzleQueryError|PGlite/i;

/**
 * The tests of one half of the operations (`half` 0: the even places of the document's list,
 * with the test that the list is the running server's; 1: the odd places), on a server and world
 * of the calling file's own.
 */
export function badInputTests(half: 0 | 1) {
  let server: TestServer;
  let world: World;
  let ops: Operation[];
  // Read when the file is collected, for one test per operation.
  const documented = documentedOperations();
  beforeAll(async () => {
    server = await startApiServer();
    world = await seedWorld(server);
    ops = await loadOperations(server, world.a.domain);
  }, 120_000);
  afterAll(() => server?.close());

  let addressCounter = 1;
  /** Each request its own client address, so per-address limits do not stop the run early. */
  const nextAddress = () => {
    const n = addressCounter++;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };

  function check(res: Res): string | undefined {
    if (res.status >= 500) return `answered ${res.status}: ${res.text.slice(0, 200)}`;
    if (LEAK.test(res.text)) return `leaks internals: ${res.text.slice(0, 200)}`;
    if (res.status >= 400) {
      if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return `${res.status} is not JSON (${res.headers['content-type']}): ${res.text.slice(0, 100)}`;
      if (typeof res.body?.errorMessage !== 'string' || !res.body.errorMessage) return `${res.status} without errorMessage: ${res.text.slice(0, 100)}`;
    }
    return undefined;
  }

  if (half === 0) {
    it('operations come from the OpenAPI document', () => {
      expect(ops.length).toBeGreaterThanOrEqual(40);
      // The operations attacked below, one test each, are the ones the running server documents.
      expect(documented.map(opName)).toEqual(ops.map(opName));
      expect(ops.map(opName)).toEqual(expect.arrayContaining(['POST /api/customer/feedback', 'GET /api/verify/{route}/{qrId}', 'POST /api/customer/complaints', 'POST /api/operator/run']));
      expect(ops.find((o) => o.path === '/customer/complaints' && o.method === 'POST')?.multipartFields).toEqual(
        expect.arrayContaining(['category', 'priority', 'description', 'unitId', 'productId', 'attachments']),
      );
    });
  }

  type Attack = { sent: number; limited: number; problems: string[]; unattributed: string[] };

  /**
   * Sends every bad input of one operation. Rows are counted (every table but the rate-limit
   * bookkeeping) around stretches of requests: a stretch ends where the caller's customer is
   * replaced (that sign-in writes) and at the end; `strict` counts around every request, so a
   * refused request that wrote is named. A stretch whose counts moved and held a refused request,
   * outside `strict`, is listed in `unattributed`, for the caller to send the inputs again strictly.
   */
  async function attack(op: Operation, inputs: BadInput[], { strict = false } = {}): Promise<Attack> {
    // Enough customers per operation that per-customer limits (20 an hour at most endpoints)
    // leave most inputs to validation.
    const pool = await freshCustomers(world.a.id, Math.ceil(inputs.length / 12));
    const out: Attack = { sent: 0, limited: 0, problems: [], unattributed: [] };
    let before = await rowCounts();
    let refused: string[] = []; // the refused requests of the stretch since `before`
    const endStretch = async () => {
      const after = await rowCounts();
      const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
      if (changed.length && refused.length) {
        if (strict) out.problems.push(`${opName(op)} [${refused.join('; ')}] but wrote to ${changed.join(', ')}`);
        else out.unattributed.push(`${refused.length} refused requests, ${changed.join(', ')} moved`);
      }
      refused = [];
      before = after;
    };
    for (const [i, input] of inputs.entries()) {
      const who = pool[i % pool.length]!;
      const token = input.token !== undefined ? input.token : op.operator ? undefined : who.token;
      const headers: Record<string, string> = { 'x-forwarded-for': nextAddress(), ...input.headers };
      if (input.contentType) headers['content-type'] = input.contentType;
      if (op.operator) headers['x-operator-key'] = i % 2 ? 'not-the-key' : '';
      // A signed callback: every other request signed with the world's secret (reaching validation), the rest not (401).
      if (op.signature && i % 2 === 0 && !(op.signature.header in headers)) headers[op.signature.header] = signBody(RECEIPT_SECRETS[op.signature.scheme], typeof input.body === 'string' ? input.body : (input.body ?? Buffer.alloc(0)).toString('utf8'));
      let res: Res;
      try {
        res = await call(server, world.a.domain, op.method, input.path, { rawBody: input.body, headers, token: token || undefined });
      } catch (err) {
        out.problems.push(`${opName(op)} [${input.label}] no answer: ${(err as Error).message}`);
        continue;
      }
      out.sent++;
      if (res.status === 429) out.limited++;
      const problem = check(res);
      if (problem) out.problems.push(`${opName(op)} [${input.label}] ${problem}`);
      if (res.status >= 400) refused.push(`${input.label}: answered ${res.status}`);
      // An input that ended the session (logout, account deletion, password change) leaves the
      // token dead: the next input of that customer gets a fresh one, so it reaches validation.
      const replace = res.status === 401 && input.token === undefined && !op.operator;
      if (strict || replace) await endStretch();
      if (replace) {
        pool[i % pool.length] = (await freshCustomers(world.a.id, 1))[0]!;
        before = await rowCounts();
      }
    }
    await endStretch();
    return out;
  }

  describe(`at least ${MIN_INPUTS} bad inputs to every operation: no 5xx, JSON errors, no leaks, nothing written when refused`, () => {
    it.each(documented.filter((_, i) => i % 2 === half).map((op) => [opName(op), op] as const))('%s', async (_, op) => {
      const inputs = badInputs(op, world.ids);
      expect(inputs.length).toBeGreaterThanOrEqual(MIN_INPUTS);
      let result = await attack(op, inputs);
      // Counts moved in a stretch with refused requests: the inputs again, counted around every
      // request, name the refused one that wrote, or show that only accepted ones did. (Counting
      // around the first pass's accepted inputs instead was tried: an operation whose accepted
      // inputs change the caller, as a password change does, then needed a third pass.)
      if (result.unattributed.length) result = await attack(op, inputs, { strict: true });
      expect(result.sent).toBe(inputs.length);
      if (result.limited > inputs.length / 2) result.problems.push(`${opName(op)}: ${result.limited} of ${inputs.length} inputs were rate limited before validation`);
      expect(result.problems).toEqual([]);
    }, 300_000);
  });
}
