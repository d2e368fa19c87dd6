'use client';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { Field } from '@/components/ui/field';
import { consoleApi } from '@/lib/client/console-api';
import { CONSOLE_API } from '@/lib/shared/console-api';
import { FEATURE_FLAGS, type FeatureFlag } from '@/lib/schemas/feature-flags';
import type { BrandSettings } from '@/lib/schemas/console-money';
import { consoleErrorsOf, type ConsoleFormErrors } from './field-errors';
import { ThemePreview } from './theme-preview';
import { ConsoleButton } from './button';
import { LanguageFields, languageDraftOf, languageFieldNames, languagePatchOf } from './language-settings';
import { MessagingFields, messagingDraftOf, messagingFieldNames, messagingPatchOf } from './messaging-settings';
import { RiskFields, riskDraftOf, riskFieldNames, riskPatchOf, TargetHoursFields, targetDraftOf, targetPatchOf } from './risk-settings';

// Brand settings (console area 'settings'): theme with a live phone preview, services, OTP
// services, embedding, footer, the languages its customers are offered, banners, complaint
// priorities and target times, the risk settings (thresholds, rule levels, automatic
// blacklisting, retention), GS1 Digital Link (with the signing of its URIs), messages to
// customers (SMS DLT templates, WhatsApp) and domains. Each section is a form
// with its own Save that sends only its fields; the API checks them with the set-config schema and
// answers the field at fault, where the keyboard is then taken.

type Config = BrandSettings['config'];
type Ui = Config['ui'];

const FLAG_LABELS: Record<FeatureFlag, string> = {
  isWarrantyEnabled: 'Warranty registration',
  isLoyalityProgramEnabled: 'Loyalty programme (rewards and cashback)',
  isDataAnalyticsEnabled: 'Data analytics',
  isLocationConversionEnabled: 'Location conversion',
  isTrackingEnabled: 'Tracking (supply-chain events)',
  isRedFlaggingEnabled: 'Red flagging (customers report suspect products)',
  isComplaintManagementEnabled: 'Complaints',
  isQrSerializationEnabled: 'QR serialization',
  isVTCodesEnabled: 'Authentication codes',
};

const OTP_LABELS: Record<keyof Config['otpServices'], string> = {
  is_No_Password_Flow_Enabled: 'Sign-in without a password (one-time code)',
  isOtpServiceEnabled: 'One-time codes',
  isLoginOtpEnabled: 'One-time code at sign-in',
  isRegistartionOtpEnabled: 'One-time code at sign-up',
  is_UserName_Intake_Enabled: 'Ask for the customer\'s name',
  isEmailServiceEnabled: 'E-mail',
  isMobileNoServiceEnabled: 'Mobile number',
};

const COLOURS: { key: 'primaryColor' | 'secondaryColor' | 'backgroundColor' | 'clientLogoBGColor'; label: string }[] = [
  { key: 'primaryColor', label: 'Primary colour' },
  { key: 'secondaryColor', label: 'Secondary colour' },
  { key: 'backgroundColor', label: 'Background colour' },
  { key: 'clientLogoBGColor', label: 'Logo background colour' },
];

const FIELDS = [
  'organizationName',
  ...COLOURS.map((c) => `ui.${c.key}`),
  'ui.gradientAngle',
  'ui.clientLogo',
  'ui.clientFavIcon',
  'ui.embeddingURL',
  'ui.embedding_App_Privacy_Policy_URL',
  'ui.embedding_App_Terms_And_Conditions_URL',
  'ui',
  'flags',
  'otpServices',
  'footer.text',
  'footer.officialSite',
  'footer.links',
  'banners',
  'complaintConfig.priorities',
  'gs1',
  'gs1.enabled',
  'gs1.printedLinks',
  'gs1.recallStatusUrl',
  'gs1.signUris',
] as const;

/** 'Label | https://…' lines → links; a line without '|' is its own label and address. */
const parsePairs = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const i = l.indexOf('|');
      return i < 0 ? [l, l] : [l.slice(0, i).trim(), l.slice(i + 1).trim()];
    });

const SECTION_LINKS: Array<[SectionKey, string]> = [
  ['brand', 'Brand'],
  ['theme', 'Theme'],
  ['services', 'Services'],
  ['otp', 'Sign-in'],
  ['embedding', 'Embedding'],
  ['footer', 'Footer'],
  ['languages', 'Languages'],
  ['complaints', 'Banners and complaints'],
  ['risk', 'Risk'],
  ['gs1', 'GS1 Digital Link'],
  ['messaging', 'Messages to customers'],
];

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

function Checkbox({ label, checked, onChange, disabled }: { label: string; checked: boolean; onChange: (v: boolean) => void; disabled: boolean }) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-gray-900">
      <input type="checkbox" className="h-5 w-5" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

function TextArea({ label, value, onChange, error, hint, disabled, id }: { label: string; value: string; onChange: (v: string) => void; error?: string; hint?: string; disabled: boolean; id: string }) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block font-medium text-gray-900">{label}</label>
      <textarea
        id={id}
        rows={3}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className="block w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900"
      />
      {hint && <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">{hint}</p>}
      {error && <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">{error}</p>}
    </div>
  );
}

type SectionKey = 'brand' | 'theme' | 'services' | 'otp' | 'embedding' | 'footer' | 'languages' | 'complaints' | 'risk' | 'gs1' | 'messaging';

/**
 * One section of the settings, a form of its own with its own Save: it sends only its fields.
 * Its message (saved, or what to correct) is beside its button; a refused value takes the
 * keyboard to its field, scrolled to the middle of the window, once the answer is shown. The
 * button (the console's ConsoleButton) is disabled until the page is hydrated, so an early click
 * cannot submit natively.
 */
function SettingsSection({
  id,
  title,
  saveLabel,
  canWrite,
  busy,
  status,
  attempt,
  onSave,
  children,
}: {
  id: SectionKey;
  title: string;
  saveLabel: string;
  canWrite: boolean;
  busy: boolean;
  status: { kind: 'success' | 'error'; text: string } | null;
  attempt: number;
  onSave: () => void;
  children: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!attempt || !status) return;
    const form = formRef.current;
    if (status.kind === 'error') {
      const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
      const target = invalid ?? statusRef.current;
      target?.scrollIntoView({ block: 'center' });
      target?.focus({ preventScroll: true });
    } else {
      statusRef.current?.scrollIntoView({ block: 'nearest' });
    }
  }, [attempt, status]);
  const titleId = `settings-${id}-title`;
  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={titleId}
      data-testid={`settings-${id}`}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSave();
      }}
      className="mb-6 rounded-lg border border-gray-300 bg-white p-4"
    >
      <h2 id={titleId} className="mb-3 text-lg font-semibold text-gray-900">{title}</h2>
      {children}
      {canWrite && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <ConsoleButton type="submit" busy={busy} className="px-6">
            {busy ? 'Saving…' : saveLabel}
          </ConsoleButton>
        </div>
      )}
      <div ref={statusRef} tabIndex={-1} className="mt-3 empty:hidden">
        {status && (
          <p role={status.kind === 'error' ? 'alert' : 'status'} className={`rounded-md border-l-4 p-2 ${status.kind === 'error' ? 'border-red-700 bg-red-50 text-red-800' : 'border-green-700 bg-green-50 text-green-900'}`}>
            {status.text}
          </p>
        )}
      </div>
    </form>
  );
}

export function SettingsForm({ brand, settings, canWrite }: { brand: string; settings: BrandSettings; canWrite: boolean }) {
  const router = useRouter();
  const [saved, setSaved] = useState(settings);
  const [name, setName] = useState(settings.organizationName);
  const [ui, setUi] = useState<Ui>(settings.config.ui);
  const [flags, setFlags] = useState(settings.config.flags);
  const [otp, setOtp] = useState(settings.config.otpServices);
  const [footerText, setFooterText] = useState(settings.config.footer.text);
  const [officialSite, setOfficialSite] = useState(settings.config.footer.officialSite ?? '');
  const [footerLinks, setFooterLinks] = useState(settings.config.footer.links.map((l) => `${l.label} | ${l.href}`).join('\n'));
  const [banners, setBanners] = useState((settings.config.banners ?? []).map((b) => (b.link ? `${b.image} | ${b.link}` : b.image)).join('\n'));
  const [priorities, setPriorities] = useState(settings.config.complaintConfig.priorities.join('\n'));
  const configuredTargets = saved.config.complaintConfig.targetHours;
  const [targets, setTargets] = useState(() => targetDraftOf(settings.config.complaintConfig.priorities, settings.config.complaintConfig.targetHours));
  const [risk, setRisk] = useState(() => riskDraftOf(settings.config.verification.risk));
  const [languages, setLanguages] = useState(() => languageDraftOf(settings.config.locale));
  const [gs1, setGs1] = useState(settings.config.gs1);
  const [messaging, setMessaging] = useState(() => messagingDraftOf(settings.config.messaging));
  const [errors, setErrors] = useState<ConsoleFormErrors>({});
  const [busy, setBusy] = useState<SectionKey | null>(null);
  const [status, setStatus] = useState<{ section: SectionKey; kind: 'success' | 'error'; text: string; attempt: number } | null>(null);
  const disabled = !canWrite || busy !== null;
  const setUiField = <K extends keyof Ui>(k: K, v: Ui[K]) => setUi((u) => ({ ...u, [k]: v }));

  /** The fields each section sends: a section's Save changes only these. */
  const patchOf = (section: SectionKey): Record<string, unknown> => {
    switch (section) {
      case 'brand':
        return { organizationName: name.trim() };
      case 'theme':
        return {
          ui: {
            ...Object.fromEntries(COLOURS.map((c) => [c.key, ui[c.key]])),
            gradientAngle: Number(ui.gradientAngle),
            clientLogo: ui.clientLogo?.trim() || null,
            clientFavIcon: ui.clientFavIcon?.trim() || null,
            isfooterIncluded: ui.isfooterIncluded,
          },
        };
      case 'services':
        return { flags };
      case 'otp':
        return { otpServices: otp };
      case 'embedding':
        return {
          ui: {
            isEmbeddingRequired: ui.isEmbeddingRequired,
            embeddingURL: ui.embeddingURL?.trim() || null,
            embedding_App_Privacy_Policy_URL: ui.embedding_App_Privacy_Policy_URL?.trim() || null,
            embedding_App_Terms_And_Conditions_URL: ui.embedding_App_Terms_And_Conditions_URL?.trim() || null,
          },
        };
      case 'footer':
        return { footer: { text: footerText, officialSite: officialSite.trim() || null, links: parsePairs(footerLinks).map(([label, href]) => ({ label: label!, href: href! })) } };
      case 'languages':
        return languagePatchOf(languages);
      case 'complaints':
        return {
          banners: lines(banners).length ? parsePairs(banners).map(([image, link]) => (link && link !== image ? { image: image!, link } : { image: image! })) : null,
          complaintConfig: { priorities: lines(priorities), targetHours: targetPatchOf(lines(priorities), targets, configuredTargets) },
        };
      case 'risk':
        return { verification: { risk: riskPatchOf(risk) } };
      case 'gs1':
        return { gs1: { enabled: gs1.enabled, printedLinks: gs1.printedLinks, recallStatusUrl: gs1.recallStatusUrl?.trim() || null, signUris: gs1.signUris } };
      case 'messaging':
        return messagingPatchOf(messaging);
    }
  };

  async function save(section: SectionKey) {
    setBusy(section);
    setErrors({});
    const attempt = (status?.attempt ?? 0) + 1;
    setStatus(null);
    try {
      const next = await consoleApi(CONSOLE_API.updateSettings, { params: { brand }, body: patchOf(section) });
      setSaved(next);
      setUi(next.config.ui);
      setTargets(targetDraftOf(next.config.complaintConfig.priorities, next.config.complaintConfig.targetHours));
      setRisk(riskDraftOf(next.config.verification.risk));
      setLanguages(languageDraftOf(next.config.locale));
      setGs1(next.config.gs1);
      setMessaging(messagingDraftOf(next.config.messaging));
      setStatus({ section, kind: 'success', text: 'Settings saved. Customers see them now.', attempt });
      router.refresh();
    } catch (err) {
      const found = consoleErrorsOf(err, [...FIELDS, ...lines(priorities).map((p) => `complaintConfig.targetHours.${p}`), 'complaintConfig.targetHours', ...riskFieldNames, ...languageFieldNames, ...messagingFieldNames]);
      setErrors(found);
      setStatus({ section, kind: 'error', text: found.form ?? 'Please correct the field marked above.', attempt });
    } finally {
      setBusy(null);
    }
  }
  const sectionProps = (section: SectionKey) => ({
    id: section,
    canWrite,
    busy: busy === section,
    status: status?.section === section ? status : null,
    attempt: status?.section === section ? status.attempt : 0,
    onSave: () => void save(section),
  });

  async function readLogo(file: File | undefined) {
    if (!file) return;
    if (!/^image\/(png|jpeg|webp|svg\+xml)$/.test(file.type) || file.size > 140_000) {
      setErrors({ 'ui.clientLogo': 'choose a PNG, JPEG, WebP or SVG image of at most 140 KB' });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => setUiField('clientLogo', String(reader.result));
    reader.readAsDataURL(file);
  }

  const errorFor = (f: (typeof FIELDS)[number]) => errors[f];
  const errorAt = (f: string) => errors[f];

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
      <div>
        {!canWrite && <p className="mb-4 text-gray-800">You can read these settings; an owner or a manager can change them.</p>}
        <nav aria-label="Sections of the settings" className="mb-4">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {SECTION_LINKS.map(([key, label]) => (
              <li key={key}><a href={`#settings-${key}-title`} className="text-blue-800 underline underline-offset-2">{label}</a></li>
            ))}
          </ul>
        </nav>

        <SettingsSection title="Brand" saveLabel="Save brand name" {...sectionProps('brand')}>
          <Field label="Brand name" value={name} onChange={(e) => setName(e.target.value)} error={errorFor('organizationName')} disabled={disabled} maxLength={120} />
        </SettingsSection>

        <SettingsSection title="Theme" saveLabel="Save theme" {...sectionProps('theme')}>
          {errorFor('ui') && <p className="mb-3 text-sm font-medium text-red-700" role="alert">{errorFor('ui')}</p>}
          <div className="grid gap-x-4 sm:grid-cols-2">
            {COLOURS.map((c) => (
              <div key={c.key} className="flex items-end gap-2">
                <Field
                  className="flex-1"
                  label={c.label}
                  value={ui[c.key]}
                  onChange={(e) => setUiField(c.key, e.target.value.trim())}
                  error={errorFor(`ui.${c.key}`)}
                  hint="Like #1f4fd8"
                  disabled={disabled}
                  spellCheck={false}
                />
                <input
                  type="color"
                  aria-label={`${c.label}: pick`}
                  className="mb-[2.6rem] h-11 w-11 cursor-pointer rounded border border-gray-500"
                  value={/^#[0-9a-fA-F]{6}$/.test(ui[c.key]) ? ui[c.key] : saved.config.ui[c.key]}
                  onChange={(e) => setUiField(c.key, e.target.value)}
                  disabled={disabled}
                />
              </div>
            ))}
          </div>
          <Field
            label="Gradient angle (degrees)"
            type="number"
            min={0}
            max={360}
            value={String(ui.gradientAngle)}
            onChange={(e) => setUiField('gradientAngle', e.target.value === '' ? Number.NaN : Number(e.target.value))}
            error={errorFor('ui.gradientAngle')}
            disabled={disabled}
          />
          <Field
            label="Logo (image address or uploaded image)"
            value={ui.clientLogo ?? ''}
            onChange={(e) => setUiField('clientLogo', e.target.value)}
            error={errorFor('ui.clientLogo')}
            disabled={disabled}
          />
          <div className="mb-4">
            <label htmlFor="logo-file" className="mb-1 block font-medium text-gray-900">Upload a logo</label>
            <input id="logo-file" type="file" accept="image/png,image/jpeg,image/webp,image/svg+xml" disabled={disabled} onChange={(e) => void readLogo(e.target.files?.[0])} />
          </div>
          <Field label="Favicon address" value={ui.clientFavIcon ?? ''} onChange={(e) => setUiField('clientFavIcon', e.target.value)} error={errorFor('ui.clientFavIcon')} disabled={disabled} />
          <Checkbox label="Show the footer" checked={ui.isfooterIncluded} onChange={(v) => setUiField('isfooterIncluded', v)} disabled={disabled} />
        </SettingsSection>

        <SettingsSection title="Services" saveLabel="Save services" {...sectionProps('services')}>
          {errorFor('flags') && <p className="mb-3 text-sm font-medium text-red-700" role="alert">{errorFor('flags')}</p>}
          {FEATURE_FLAGS.map((f) => (
            <Checkbox key={f} label={FLAG_LABELS[f]} checked={flags[f]} onChange={(v) => setFlags((x) => ({ ...x, [f]: v }))} disabled={disabled} />
          ))}
        </SettingsSection>

        <SettingsSection title="Sign-in and one-time codes" saveLabel="Save sign-in settings" {...sectionProps('otp')}>
          {errorFor('otpServices') && <p className="mb-3 text-sm font-medium text-red-700" role="alert">{errorFor('otpServices')}</p>}
          {(Object.keys(OTP_LABELS) as (keyof typeof OTP_LABELS)[]).map((k) => (
            <Checkbox key={k} label={OTP_LABELS[k]} checked={otp[k]} onChange={(v) => setOtp((x) => ({ ...x, [k]: v }))} disabled={disabled} />
          ))}
        </SettingsSection>

        <SettingsSection title="Embedding" saveLabel="Save embedding" {...sectionProps('embedding')}>
          <Checkbox label="Only inside the brand's own app (embedding required)" checked={ui.isEmbeddingRequired} onChange={(v) => setUiField('isEmbeddingRequired', v)} disabled={disabled} />
          <Field label="Embedding app address" value={ui.embeddingURL ?? ''} onChange={(e) => setUiField('embeddingURL', e.target.value)} error={errorFor('ui.embeddingURL')} hint="https://…" disabled={disabled} />
          <Field label="Embedding app privacy policy" value={ui.embedding_App_Privacy_Policy_URL ?? ''} onChange={(e) => setUiField('embedding_App_Privacy_Policy_URL', e.target.value)} error={errorFor('ui.embedding_App_Privacy_Policy_URL')} disabled={disabled} />
          <Field label="Embedding app terms" value={ui.embedding_App_Terms_And_Conditions_URL ?? ''} onChange={(e) => setUiField('embedding_App_Terms_And_Conditions_URL', e.target.value)} error={errorFor('ui.embedding_App_Terms_And_Conditions_URL')} disabled={disabled} />
        </SettingsSection>

        <SettingsSection title="Footer" saveLabel="Save footer" {...sectionProps('footer')}>
          <TextArea id="footer-text" label="Footer text" value={footerText} onChange={setFooterText} error={errorFor('footer.text')} disabled={disabled} />
          <Field label="Official website" value={officialSite} onChange={(e) => setOfficialSite(e.target.value)} error={errorFor('footer.officialSite')} hint="https://…" disabled={disabled} />
          <TextArea id="footer-links" label="Footer links" value={footerLinks} onChange={setFooterLinks} error={errorFor('footer.links')} hint="One a line: Label | https://address" disabled={disabled} />
        </SettingsSection>

        <SettingsSection title="Languages" saveLabel="Save languages" {...sectionProps('languages')}>
          <LanguageFields draft={languages} onChange={setLanguages} errorFor={errorAt} disabled={disabled} />
        </SettingsSection>

        <SettingsSection title="Banners and complaints" saveLabel="Save banners and complaints" {...sectionProps('complaints')}>
          <TextArea id="banners" label="Banners" value={banners} onChange={setBanners} error={errorFor('banners')} hint="One a line: image address | link (the link is optional)" disabled={disabled} />
          <TextArea id="priorities" label="Complaint priorities" value={priorities} onChange={setPriorities} error={errorFor('complaintConfig.priorities')} hint="One a line, 1 to 10" disabled={disabled} />
          {errorAt('complaintConfig.targetHours') && <p className="mb-3 text-sm font-medium text-red-700" role="alert">{errorAt('complaintConfig.targetHours')}</p>}
          <TargetHoursFields
            priorities={lines(priorities)}
            draft={targets}
            configured={configuredTargets}
            onChange={(p, v) => setTargets((t) => ({ ...t, [p]: v }))}
            errorFor={errorAt}
            disabled={disabled}
          />
        </SettingsSection>

        <SettingsSection title="Risk" saveLabel="Save risk settings" {...sectionProps('risk')}>
          <RiskFields draft={risk} onChange={setRisk} errorFor={errorAt} disabled={disabled} />
        </SettingsSection>

        <SettingsSection title="GS1 Digital Link" saveLabel="Save GS1 settings" {...sectionProps('gs1')}>
          {errorFor('gs1') && <p className="mb-3 text-sm font-medium text-red-700" role="alert">{errorFor('gs1')}</p>}
          <Checkbox label="Answer GS1 Digital Link URIs on the brand's domain (a GS1 resolver; the exports carry each unit's GS1 URI)" checked={gs1.enabled} onChange={(v) => setGs1((g) => ({ ...g, enabled: v }))} disabled={disabled} />
          <fieldset className="mb-4">
            <legend className="mb-1 font-medium text-gray-900">The link the print-ready PDF encodes</legend>
            {(
              [
                ['qrId', 'The qrId link (/info/verify/…)'],
                ['gs1', 'The GS1 URI (/01/…/10/…/21/…), with its line under the code'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-3 text-gray-900">
                <input type="radio" name="gs1-printed-links" className="h-5 w-5" value={value} checked={gs1.printedLinks === value} disabled={disabled} onChange={() => setGs1((g) => ({ ...g, printedLinks: value }))} />
                {label}
              </label>
            ))}
          </fieldset>
          <Field
            label="Recall notice address"
            value={gs1.recallStatusUrl ?? ''}
            onChange={(e) => setGs1((g) => ({ ...g, recallStatusUrl: e.target.value }))}
            error={errorFor('gs1.recallStatusUrl')}
            hint="https://… where the brand publishes recalls (optional)"
            disabled={disabled}
          />
          <Checkbox
            label="Sign each printed GS1 URI (AI 8030) and refuse a unit URI without its good signature"
            checked={gs1.signUris}
            onChange={(v) => setGs1((g) => ({ ...g, signUris: v }))}
            disabled={disabled}
          />
          <p className="mb-3 text-sm text-gray-700">
            Signed URIs end in ?8030= and the brand&apos;s signature; the public key that checks them is at /.well-known/gs1-signing-key on the brand&apos;s domain. Switch
            signing on before printing: GS1 URIs already printed without a signature answer Fake once it is on. The qrId links keep working either way.
          </p>
        </SettingsSection>

        <SettingsSection title="Messages to customers" saveLabel="Save message settings" {...sectionProps('messaging')}>
          <MessagingFields draft={messaging} onChange={setMessaging} offered={saved.config.locale.languages} errorFor={errorAt} disabled={disabled} />
        </SettingsSection>
      </div>
      <div className="order-first lg:order-last lg:sticky lg:top-4 lg:self-start">
        <ThemePreview theme={ui} saved={saved.config.ui} brandName={name || saved.organizationName} footerText={footerText} />
      </div>
    </div>
  );
}
