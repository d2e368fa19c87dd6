import { Field } from '@/components/ui/field';
import { MESSAGE_KINDS, type MessageKind } from '@/lib/domain/messages';
import { LOCALES, type Locale } from '@/lib/shared/i18n';
import type { BrandSettings } from '@/lib/schemas/console-money';

// The settings form's messages to customers (docs/messages.md, lib/schemas/client-config.ts
// `messaging`): the DLT template id of each kind's SMS, and WhatsApp Business Cloud API (phone
// number id, Graph API version, approved template names per kind and language, and the secrets:
// the access token, and the app secret and verify token of its delivery receipts). The secrets
// are write-only: the page shows each by its last 4 characters, a blank field keeps the saved one.
// The API checks every value and names the field at fault (messaging.smsDltTemplates.recall).

type Messaging = BrandSettings['config']['messaging'];
type Secret = 'token' | 'appSecret' | 'verifyToken';

export const KIND_LABELS: Record<MessageKind, string> = {
  'complaint-reply': 'Reply to a complaint',
  'complaint-status': 'Complaint status changed',
  'reward-earned': 'Reward earned',
  'payout-completed': 'Payout paid',
  'payout-failed': 'Payout failed',
  'warranty-registered': 'Warranty registered',
  'warranty-ending': 'Warranty ends in 30 days',
  recall: 'Recall or safety notice',
  'password-changed': 'Security: password changed',
  'password-reset': 'Security: password reset',
  'upi-changed': 'Security: UPI id changed',
  'contact-changed': 'Security: sign-in contact changed',
  'account-reclaimed': 'Security: account taken back by a code',
  'account-reclaimed-signup': 'Security: account taken back at sign-up',
  'signup-attempt': 'Security: sign-up tried with this contact',
};

const LANGUAGE_LABELS: Record<Locale, string> = { en: 'English', hi: 'Hindi', bn: 'Bengali', mr: 'Marathi', ta: 'Tamil', te: 'Telugu' };

const SECRETS: ReadonlyArray<readonly [Secret, string, string]> = [
  ['token', 'Access token', 'The permanent token of the WhatsApp Business account.'],
  ['appSecret', 'App secret (delivery receipts)', 'Checks the signature of the delivery receipts WhatsApp sends.'],
  ['verifyToken', 'Verify token (delivery receipts)', 'The token you give WhatsApp when you subscribe the receipts\' address.'],
];

export type MessagingDraft = {
  dlt: Record<MessageKind, string>;
  whatsapp: boolean;
  phoneNumberId: string;
  version: string;
  templates: Record<MessageKind, Partial<Record<Locale, string>>>;
  /** What is typed in each secret's field: blank keeps the saved one. */
  secrets: Record<Secret, string>;
  /** Each saved secret as the API shows it (masked), or null. */
  saved: Record<Secret, string | null>;
};

export function messagingDraftOf(m: Messaging): MessagingDraft {
  const wa = m.whatsapp;
  return {
    dlt: Object.fromEntries(MESSAGE_KINDS.map((k) => [k, m.smsDltTemplates[k] ?? ''])) as Record<MessageKind, string>,
    whatsapp: wa !== null,
    phoneNumberId: wa?.phoneNumberId ?? '',
    version: wa?.version ?? '21.0',
    templates: Object.fromEntries(MESSAGE_KINDS.map((k) => [k, { ...wa?.templates[k] }])) as MessagingDraft['templates'],
    secrets: { token: '', appSecret: '', verifyToken: '' },
    saved: { token: wa?.token ?? null, appSecret: wa?.appSecret ?? null, verifyToken: wa?.verifyToken ?? null },
  };
}

/** What Save sends: filled fields only; a blank secret is left out (the saved one stays). */
export function messagingPatchOf(d: MessagingDraft) {
  const smsDltTemplates = Object.fromEntries(MESSAGE_KINDS.map((k) => [k, d.dlt[k].trim()]).filter(([, v]) => v));
  if (!d.whatsapp) return { messaging: { smsDltTemplates, whatsapp: null } };
  const templates = Object.fromEntries(
    MESSAGE_KINDS.map((k) => [k, Object.fromEntries(Object.entries(d.templates[k]).map(([l, v]) => [l, (v ?? '').trim()]).filter(([, v]) => v))]).filter(([, byLang]) => Object.keys(byLang as object).length),
  );
  const secrets = Object.fromEntries(Object.entries(d.secrets).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));
  return { messaging: { smsDltTemplates, whatsapp: { phoneNumberId: d.phoneNumberId.trim(), version: d.version.trim(), templates, ...secrets } } };
}

/** The languages a template can be set for: the brand's offered ones, and any that has one saved. */
export function templateLanguages(offered: readonly Locale[], d: MessagingDraft): Locale[] {
  return LOCALES.filter((l) => offered.includes(l) || MESSAGE_KINDS.some((k) => d.templates[k][l]));
}

/** The fields this section sends, as the API names them in a refusal. */
export const messagingFieldNames = [
  'messaging',
  'messaging.smsDltTemplates',
  ...MESSAGE_KINDS.map((k) => `messaging.smsDltTemplates.${k}`),
  'messaging.whatsapp',
  'messaging.whatsapp.phoneNumberId',
  'messaging.whatsapp.version',
  'messaging.whatsapp.templates',
  ...MESSAGE_KINDS.flatMap((k) => LOCALES.map((l) => `messaging.whatsapp.templates.${k}.${l}`)),
  ...SECRETS.map(([k]) => `messaging.whatsapp.${k}`),
];

export function MessagingFields({
  draft,
  onChange,
  offered,
  errorFor,
  disabled,
}: {
  draft: MessagingDraft;
  onChange: (next: MessagingDraft) => void;
  offered: readonly Locale[];
  errorFor: (field: string) => string | undefined;
  disabled: boolean;
}) {
  const groupError = errorFor('messaging') ?? errorFor('messaging.smsDltTemplates') ?? errorFor('messaging.whatsapp') ?? errorFor('messaging.whatsapp.templates');
  return (
    <>
      {groupError && <p className="mb-3 text-sm font-medium text-red-700" role="alert">{groupError}</p>}
      <fieldset className="mb-4">
        <legend className="mb-1 font-medium text-gray-900">SMS: DLT template id of each message</legend>
        <p className="mb-2 text-sm text-gray-700">Indian carriers drop a commercial SMS without its registered DLT template (19 digits). A message without one is not sent by SMS and shows as failed.</p>
        <div className="grid gap-x-4 sm:grid-cols-2">
          {MESSAGE_KINDS.map((k) => (
            <Field
              key={k}
              label={KIND_LABELS[k]}
              value={draft.dlt[k]}
              onChange={(e) => onChange({ ...draft, dlt: { ...draft.dlt, [k]: e.target.value } })}
              error={errorFor(`messaging.smsDltTemplates.${k}`)}
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              disabled={disabled}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="mb-4">
        <legend className="mb-1 font-medium text-gray-900">WhatsApp (Business Cloud API)</legend>
        <label className="flex min-h-11 items-center gap-3 text-gray-900">
          <input type="checkbox" className="h-5 w-5" checked={draft.whatsapp} disabled={disabled} onChange={(e) => onChange({ ...draft, whatsapp: e.target.checked })} />
          Send by WhatsApp where an approved template is set (instead of SMS)
        </label>
        {draft.whatsapp && (
          <>
            <Field label="Phone number id" value={draft.phoneNumberId} onChange={(e) => onChange({ ...draft, phoneNumberId: e.target.value })} error={errorFor('messaging.whatsapp.phoneNumberId')} inputMode="numeric" autoComplete="off" spellCheck={false} disabled={disabled} />
            <Field label="Graph API version" value={draft.version} onChange={(e) => onChange({ ...draft, version: e.target.value })} error={errorFor('messaging.whatsapp.version')} hint="Like 21.0" autoComplete="off" spellCheck={false} disabled={disabled} />
            {SECRETS.map(([k, label, hint]) => (
              <Field
                key={k}
                label={label}
                type="password"
                value={draft.secrets[k]}
                onChange={(e) => onChange({ ...draft, secrets: { ...draft.secrets, [k]: e.target.value } })}
                error={errorFor(`messaging.whatsapp.${k}`)}
                hint={`${hint} ${draft.saved[k] ? `Saved, ending in ${draft.saved[k]!.slice(-4)}: leave blank to keep it.` : 'Not saved yet.'}`}
                autoComplete="off"
                spellCheck={false}
                disabled={disabled}
              />
            ))}
            <p className="mb-2 text-sm text-gray-700">Approved template names (lower-case letters, digits and _), per message and language. A message or language without one goes by SMS. The template&apos;s body takes the message&apos;s values in the order docs/messages.md lists.</p>
            {MESSAGE_KINDS.map((k) => (
              <fieldset key={k} className="mb-2 rounded-md border border-gray-300 p-2">
                <legend className="px-1 font-medium text-gray-900">Template: {KIND_LABELS[k]}</legend>
                <div className="grid gap-x-4 sm:grid-cols-2">
                  {templateLanguages(offered, draft).map((l) => (
                    <Field
                      key={l}
                      label={LANGUAGE_LABELS[l]}
                      value={draft.templates[k][l] ?? ''}
                      onChange={(e) => onChange({ ...draft, templates: { ...draft.templates, [k]: { ...draft.templates[k], [l]: e.target.value } } })}
                      error={errorFor(`messaging.whatsapp.templates.${k}.${l}`)}
                      autoComplete="off"
                      spellCheck={false}
                      disabled={disabled}
                    />
                  ))}
                </div>
              </fieldset>
            ))}
          </>
        )}
      </fieldset>
    </>
  );
}
