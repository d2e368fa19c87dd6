import type { Messages } from './i18n';

// What part of its language's catalogue the browser receives (docs/languages.md, "What the
// browser receives"). A server component translates with the whole catalogue on the server; the
// browser needs only the keys its client components name. The root layout sends the shell's
// (`shell`: the header, switcher, navigation, banners and error screens); a route's layout sends
// its screen's with <ScreenMessages scope="…"> (components/shell/screen-messages.server.tsx), for
// the client components under it (so a scope lists the shell keys its screen uses too, such as a
// module's name), and a verify page carries no account, rewards or complaint texts.
// tests/unit/i18n/screen-messages.test.ts follows every customer route's client modules and fails
// when one names a key its scopes do not send, or when a scope sends a part none of its routes uses.
//
// A part is a namespace ('auth': every 'auth.*' key) or one key with its sub-keys
// ('scan.locationShare'; 'risk.reason': every 'risk.reason.*').

/** What went wrong in sharing a location (components/scan/location-consent.tsx). */
const LOCATION_PROBLEMS = [
  'scan.locationDenied',
  'scan.locationNoBrowser',
  'scan.locationShare',
  'scan.locationTimeout',
  'scan.locationUnavailable',
  'scan.locationWillSend',
] as const;

/** The location offer beside a verdict (components/scan/location-offer.tsx). */
const LOCATION = ['location', ...LOCATION_PROBLEMS] as const;

/** The contact gate of the payout screens (components/account/verify-contact-form.tsx). */
const CONTACT_GATE = [
  'account.codeSent',
  'account.confirm',
  'account.confirmEmail',
  'account.confirmMobile',
  'account.verifyWhy',
  'account.yourContact',
  'auth.code',
  'auth.enterCode',
  'auth.sendCode',
  'auth.sendNewCode',
] as const;

export const MESSAGE_SCOPES = {
  /** Every customer page (the root layout): header, switcher, navigation, banners, error screens. */
  shell: ['shell.language', 'shell.loadingPage', 'nav', 'module', 'account.signOut', 'legal', 'notFound', 'apiError.other'],
  /** The verify pages and code look-ups: the verdict is drawn on the server; only the location offer is the browser's. */
  verify: [...LOCATION],
  /** /qr-scan and /scan-result: the verdict drawn in the browser. */
  scan: ['scan', 'location', 'verdict', 'explain', 'headline', 'label', 'risk', 'batch', 'journey', 'product', 'lookup', 'dispute.offer', 'apiError', 'module.scan', 'module.myProducts', 'claim', 'products.seeRewards', 'products.collectReward'],
  /** Sign-in, sign-up, the one-time code and the forgotten password. */
  auth: ['auth', 'apiError'],
  /** The profile, the changed password, account deletion. */
  account: ['account', 'auth', 'apiError', 'legal', 'myData'],
  /** Rewards and the UPI id. */
  rewards: ['rewards', 'upi', ...CONTACT_GATE, 'auth.showPassword', 'apiError', 'module.myProducts'],
  /** A product's details and its journey. */
  products: ['products', 'rewards.cashbackOf', 'apiError'],
  warranty: ['warranty', 'products', 'product.warrantyMonths', 'complaint.product', 'complaints.loading', 'files', 'report.photoTooLarge', 'apiError', 'module.scan', 'module.myProducts'],
  /** Raising a complaint. */
  complaints: ['complaints', 'apiError'],
  /** One complaint's reply form. */
  complaint: ['reply', 'apiError'],
  report: ['report', 'dispute', 'files', ...LOCATION_PROBLEMS, 'apiError'],
  feedback: ['feedback', 'apiError', 'module.backHome'],
  home: ['home', 'module', 'messages.homeLink', 'messages.homeUnread'],
  /** What the customer hears of, by which channel (docs/messages.md). */
  messagePrefs: ['prefs', 'home.editProfile'],
} as const satisfies Record<string, readonly string[]>;

export type MessageScope = keyof typeof MESSAGE_SCOPES;

/** Whether `key` is in `part` (a namespace, or a key with its sub-keys). */
export const partHas = (part: string, key: string) => key === part || key.startsWith(`${part}.`);

/** Each catalogue's picked scopes: a catalogue is read once a process and never changed. */
const picked = new WeakMap<Messages, Map<MessageScope, Readonly<Partial<Messages>>>>();

/**
 * The keys of `messages` that `scope` sends, in catalogue order. Picked once a catalogue and
 * scope (frozen, shared by every page that sends them): filtering the catalogue's 700 keys on
 * each page was about 0.5 ms of the verify page's server CPU (docs/decisions.md).
 */
export function pickMessages(messages: Messages, scope: MessageScope): Readonly<Partial<Messages>> {
  let scopes = picked.get(messages);
  if (!scopes) picked.set(messages, (scopes = new Map()));
  let subset = scopes.get(scope);
  if (!subset) {
    const parts: readonly string[] = MESSAGE_SCOPES[scope];
    subset = Object.freeze(Object.fromEntries(Object.entries(messages).filter(([key]) => parts.some((p) => partHas(p, key)))) as Partial<Messages>);
    scopes.set(scope, subset);
  }
  return subset;
}
