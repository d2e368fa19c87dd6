// Runs in the node environment; the console API's routes read the session secret when loaded.
process.env.SESSION_SECRET ??= 'unit-secret-unit-secret-unit-secret-0123456789';

import type { z } from 'zod';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API, type BodyOf, type ConsoleOpName, type Multipart, type NoBody } from '@/lib/shared/console-api';
import { consoleApiRoutes } from '@/lib/api/app';
import { bulkBlacklistBodySchema, trackingEventBodySchema } from '@/lib/schemas/console-codes';
import { suspectMarkBodySchema } from '@/lib/schemas/console-suspect-marks';
import {
  batchInputSchema,
  batchLotInputSchema,
  batchMarketsSchema,
  batchSerialsInputSchema,
  generateCodesInputSchema,
  productGtinInputSchema,
  productInputSchema,
  unitSerialInputSchema,
} from '@/lib/schemas/console-catalogue';
import { recallBodySchema } from '@/lib/schemas/console-messages';
import {
  bankResultsUploadSchema,
  brandDomainBodySchema,
  couponUploadSchema,
  journeyInputSchema,
  purgeScansBodySchema,
  rewardInputSchema,
  rewardPatchSchema,
} from '@/lib/schemas/console-money';
import { batchRetailerBodySchema, shareBodySchema, unshareBodySchema } from '@/lib/schemas/console-sharing';
import { assignComplaintBodySchema, bulkComplaintsBodySchema, complaintStatusBodySchema, replyComplaintBodySchema } from '@/lib/schemas/console-complaints';
import { bulkResolveRedFlagsSchema, closeRedFlagNoteSchema, resolveRedFlagSchema } from '@/lib/schemas/console-red-flags';
import { moveDisputeBodySchema, rejectDisputeBodySchema } from '@/lib/schemas/disputes';
import { clientConfigPatchSchema } from '@/lib/schemas/client-config';
import {
  acceptInvitationBodySchema,
  cancelInvitationBodySchema,
  changeRoleBodySchema,
  consoleSignInBodySchema,
  inviteStaffBodySchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  recoveryCodeBodySchema,
  totpCodeBodySchema,
} from '@/lib/schemas/console';

// The request bodies of the console's one browser client (lib/client/console-api.ts), typed in
// lib/shared/console-api.ts from the routes' zod schemas. Two ends are held here: at run time, each
// operation's route declares exactly the body schema (or upload, or nothing) this table names; for
// tsc, each operation's body type is exactly what that schema takes. Then tsc refuses a call
// whose body has a field of the wrong type, misses one, adds one, or is sent where none is taken.

/** Each operation that takes a body: its route's schema, or 'multipart' for an upload. The others take none. */
const BODIES = {
  signIn: consoleSignInBodySchema,
  secondFactor: totpCodeBodySchema,
  secondFactorRecovery: recoveryCodeBodySchema,
  totpConfirm: totpCodeBodySchema,
  acceptInvitation: acceptInvitationBodySchema,
  passwordReset: passwordResetRequestBodySchema,
  passwordResetConfirm: passwordResetConfirmBodySchema,
  markSuspect: suspectMarkBodySchema,
  clearSuspect: suspectMarkBodySchema,
  recordTracking: trackingEventBodySchema,
  blacklistCodes: bulkBlacklistBodySchema,
  createProduct: productInputSchema,
  updateProduct: productInputSchema,
  uploadImage: 'multipart',
  createBatch: batchInputSchema,
  updateBatch: batchMarketsSchema,
  createCodeRun: generateCodesInputSchema,
  productGtin: productGtinInputSchema,
  batchLot: batchLotInputSchema,
  unitSerial: unitSerialInputSchema,
  batchSerials: batchSerialsInputSchema,
  recall: recallBodySchema,
  publishLegal: 'multipart',
  createReward: rewardInputSchema,
  updateReward: rewardPatchSchema,
  addCoupons: couponUploadSchema,
  saveJourney: journeyInputSchema,
  importPayouts: bankResultsUploadSchema,
  updateSettings: clientConfigPatchSchema,
  addDomain: brandDomainBodySchema,
  removeDomain: brandDomainBodySchema,
  purgeScans: purgeScansBodySchema,
  share: shareBodySchema,
  stopSharing: unshareBodySchema,
  assignBatchRetailer: batchRetailerBodySchema,
  invite: inviteStaffBodySchema,
  cancelInvitation: cancelInvitationBodySchema,
  changeRole: changeRoleBodySchema,
  bulkComplaints: bulkComplaintsBodySchema,
  assignComplaint: assignComplaintBodySchema,
  complaintStatus: complaintStatusBodySchema,
  replyToComplaint: replyComplaintBodySchema,
  resolveRedFlags: bulkResolveRedFlagsSchema,
  resolveRedFlag: resolveRedFlagSchema,
  dismissRedFlag: closeRedFlagNoteSchema,
  moveDisputedClaim: moveDisputeBodySchema,
  rejectDispute: rejectDisputeBodySchema,
} as const satisfies Partial<Record<ConsoleOpName, z.ZodType | 'multipart'>>;

/** The body type an operation must have by the table above. */
type Expected<K extends ConsoleOpName> = K extends keyof typeof BODIES ? ((typeof BODIES)[K] extends z.ZodType ? z.input<(typeof BODIES)[K]> : Multipart) : NoBody;
type Same<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
/** The operations whose body type is not the one expected (tsc names them at `bodiesAsDeclared`). */
type Drifted = { [K in ConsoleOpName]: Same<BodyOf<(typeof CONSOLE_API)[K]>, Expected<K>> extends true ? never : K }[ConsoleOpName];
const bodiesAsDeclared: [Drifted] extends [never] ? 'every body as declared' : Drifted = 'every body as declared';

const params = { brand: 'acme', id: 'f1' };

/**
 * Never run: each call marked @ts-expect-error must fail tsc (an unused marker fails it too), and
 * the calls after them must pass it.
 */
function callsTscJudges() {
  // @ts-expect-error a field of the wrong type: blacklist is true or false
  void consoleApi(CONSOLE_API.resolveRedFlag, { params, body: { note: 'A copy', blacklist: 'yes' } });
  // @ts-expect-error a missing field: the note
  void consoleApi(CONSOLE_API.resolveRedFlag, { params, body: { blacklist: true } });
  // @ts-expect-error a field the route does not take: dismissing blacklists nothing
  void consoleApi(CONSOLE_API.dismissRedFlag, { params, body: { note: 'Not a copy', blacklist: true } });
  // @ts-expect-error a value the schema refuses: purging is confirmed with true
  void consoleApi(CONSOLE_API.purgeScans, { params: { brand: 'acme' }, body: { confirm: false } });
  // @ts-expect-error no body where the route needs one
  void consoleApi(CONSOLE_API.purgeScans, { params: { brand: 'acme' } });
  // @ts-expect-error no call at all where the route needs a body
  void consoleApi(CONSOLE_API.signIn);
  // @ts-expect-error a body where the route takes none
  void consoleApi(CONSOLE_API.signOut, { body: {} });
  // @ts-expect-error a JSON body to an upload
  void consoleApi(CONSOLE_API.uploadImage, { params: { brand: 'acme' }, body: { image: 'a.png' } });
  // @ts-expect-error a form to a JSON route
  void consoleApi(CONSOLE_API.signIn, { form: new FormData() });

  void consoleApi(CONSOLE_API.resolveRedFlag, { params, body: { note: 'A copy', blacklist: true } });
  void consoleApi(CONSOLE_API.resolveRedFlag, { params, body: { note: 'A copy' } }); // blacklist has a default
  void consoleApi(CONSOLE_API.purgeScans, { params: { brand: 'acme' }, body: { confirm: true } });
  void consoleApi(CONSOLE_API.signIn, { body: { email: 'a@example.com', password: 'secret passphrase' } });
  void consoleApi(CONSOLE_API.uploadImage, { params: { brand: 'acme' }, form: new FormData() });
  void consoleApi(CONSOLE_API.signOut);
}

describe('CONSOLE_API bodies', () => {
  it("names for each operation exactly the body its route declares: the same schema, an upload's form, or none", () => {
    const routeOf = (o: { method: string; path: string }) => consoleApiRoutes.find((r) => r.method.toUpperCase() === o.method && r.path === o.path);
    const table = BODIES as Partial<Record<string, z.ZodType | 'multipart'>>;
    const wrong = Object.entries(CONSOLE_API).flatMap(([name, o]) => {
      const declared = routeOf(o)?.declaration as { body?: z.ZodType; upload?: unknown } | undefined;
      const expected = table[name];
      const right =
        !declared ? false
        : expected === 'multipart' ? declared.upload !== undefined && declared.body === undefined
        : expected ? declared.body === expected
        : declared.body === undefined && declared.upload === undefined;
      return right ? [] : [name];
    });
    expect(wrong).toEqual([]);
    // every name of the table is an operation
    expect(Object.keys(BODIES).filter((name) => !(name in CONSOLE_API))).toEqual([]);
  });

  it("types each operation's body as its schema takes it, so tsc refuses a wrong one (checked by tsc, not run)", () => {
    expect(bodiesAsDeclared).toBe('every body as declared');
    expect(typeof callsTscJudges).toBe('function');
  });
});
