import { Field } from '@/components/ui/field';
import { complaintTargetHours } from '@/lib/domain/complaints';
import { RULE_LEVELS } from '@/lib/domain/risk';
import type { BrandSettings } from '@/lib/schemas/console-money';

// The settings form's complaint target times and risk settings (docs/verification.md, "Risk";
// lib/schemas/client-config.ts). Values are kept as typed text; the form sends them as numbers
// and the API's schema answers the field at fault (verification.risk.placeKm,
// complaintConfig.targetHours.High).

export type Risk = BrandSettings['config']['verification']['risk'];
type Level = (typeof RULE_LEVELS)[number];

/** The whole-number settings, with their labels and what they mean. */
export const RISK_NUMBERS = [
  ['cautionSessions', 'Sessions for caution', 'Different people checking one unit before it is marked caution'],
  ['suspectSessions', 'Sessions for suspect', 'Different people before it is marked suspect (at least the caution number)'],
  ['placeKm', 'Distance of another place (km)', 'Scans this far apart count as different places'],
  ['suspectPlaces', 'Places for suspect', 'Different places within the window before suspect (2 to 25)'],
  ['windowDays', 'Window (days)', 'How far back sessions and places are counted'],
  ['maxSpeedKmh', 'Fastest believable travel (km/h)', 'Two scans further apart than this speed allows are suspect'],
  ['consumedSessions', 'Sessions after a claim', 'Other people checking a claimed unit before it is suspect'],
  ['consumedLateArrivals', 'Late arrivals after a claim', 'New households checking a claimed unit late'],
  ['consumedLateDays', 'Days before an arrival is late', 'Days after the claim'],
  ['sellByDays', 'Sell-by days before expiry', '0: the expiry date itself'],
  ['destinationSessions', 'Sessions at a destination', 'People checking a unit outside its market'],
  ['retentionDays', 'Keep raw scan data (days)', 'Scans and sessions older than this are deleted (30 to 3650)'],
] as const satisfies ReadonlyArray<readonly [keyof Risk, string, string]>;

export const RISK_LEVELS = [
  ['consumedLate', 'Checked late after a claim'],
  ['afterSellBy', 'Sold after its sell-by date'],
  ['covertBeforeSale', 'Hidden code scanned before sale'],
  ['neverIssuedHere', 'A code this brand never issued'],
] as const satisfies ReadonlyArray<readonly [keyof Risk, string]>;

export type RiskDraft = Record<(typeof RISK_NUMBERS)[number][0], string> & Record<(typeof RISK_LEVELS)[number][0], Level> & { autoBlacklist: boolean };

export function riskDraftOf(risk: Risk): RiskDraft {
  const draft = { autoBlacklist: risk.autoBlacklist } as RiskDraft;
  for (const [k] of RISK_NUMBERS) draft[k] = String(risk[k]);
  for (const [k] of RISK_LEVELS) draft[k] = risk[k];
  return draft;
}

/** The draft as the API takes it: numbers (an empty or odd entry goes as itself and is refused at its field). */
export function riskPatchOf(draft: RiskDraft): Record<string, unknown> {
  const out: Record<string, unknown> = { autoBlacklist: draft.autoBlacklist };
  for (const [k] of RISK_NUMBERS) out[k] = numberOrText(draft[k]);
  for (const [k] of RISK_LEVELS) out[k] = draft[k];
  return out;
}

const numberOrText = (v: string) => (v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);

export const riskFieldNames = [...RISK_NUMBERS.map(([k]) => `verification.risk.${k}`), ...RISK_LEVELS.map(([k]) => `verification.risk.${k}`), 'verification.risk.autoBlacklist'];

/** Target hours typed per priority; a priority left untouched shows its default. */
export function targetDraftOf(priorities: string[], configured: Record<string, number>): Record<string, string> {
  return Object.fromEntries(priorities.map((p) => [p, String(complaintTargetHours(p, configured))]));
}

export function targetPatchOf(priorities: string[], draft: Record<string, string>, configured: Record<string, number>): Record<string, unknown> {
  return Object.fromEntries(priorities.map((p) => [p, numberOrText(draft[p] ?? String(complaintTargetHours(p, configured)))]));
}

export function TargetHoursFields({
  priorities,
  draft,
  configured,
  onChange,
  errorFor,
  disabled,
}: {
  priorities: string[];
  draft: Record<string, string>;
  configured: Record<string, number>;
  onChange: (priority: string, value: string) => void;
  errorFor: (field: string) => string | undefined;
  disabled: boolean;
}) {
  return (
    <div className="grid gap-x-4 sm:grid-cols-3" role="group" aria-labelledby="target-hours-title">
      <p id="target-hours-title" className="mb-2 font-medium text-gray-900 sm:col-span-3">
        Target time per priority (hours), after which an open complaint shows overdue
      </p>
      {priorities.map((p) => (
        <Field
          key={p}
          label={`${p} (hours)`}
          type="number"
          inputMode="numeric"
          min={1}
          max={8760}
          value={draft[p] ?? String(complaintTargetHours(p, configured))}
          onChange={(e) => onChange(p, e.target.value)}
          error={errorFor(`complaintConfig.targetHours.${p}`)}
          disabled={disabled}
        />
      ))}
    </div>
  );
}

const LEVEL_LABELS: Record<Level, string> = { off: 'Off', caution: 'Caution', suspect: 'Suspect' };

export function RiskFields({ draft, onChange, errorFor, disabled }: { draft: RiskDraft; onChange: (next: RiskDraft) => void; errorFor: (field: string) => string | undefined; disabled: boolean }) {
  return (
    <>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {RISK_NUMBERS.map(([k, label, hint]) => (
          <Field
            key={k}
            label={label}
            hint={hint}
            type="number"
            inputMode="numeric"
            value={draft[k]}
            onChange={(e) => onChange({ ...draft, [k]: e.target.value })}
            error={errorFor(`verification.risk.${k}`)}
            disabled={disabled}
          />
        ))}
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {RISK_LEVELS.map(([k, label]) => {
          const id = `risk-${k}`;
          const error = errorFor(`verification.risk.${k}`);
          return (
            <div key={k} className="mb-4">
              <label htmlFor={id} className="mb-1 block font-medium text-gray-900">
                {label}
              </label>
              <select
                id={id}
                value={draft[k]}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => onChange({ ...draft, [k]: e.target.value as Level })}
                className="block min-h-11 w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-gray-900"
              >
                {RULE_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {LEVEL_LABELS[l]}
                  </option>
                ))}
              </select>
              {error && (
                <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <label className="flex min-h-11 items-center gap-3 text-gray-900">
        <input type="checkbox" className="h-5 w-5" checked={draft.autoBlacklist} disabled={disabled} onChange={(e) => onChange({ ...draft, autoBlacklist: e.target.checked })} />
        Blacklist a unit&apos;s codes automatically when it becomes suspect (dismissing its red flag lifts it)
      </label>
      {errorFor('verification.risk.autoBlacklist') && <p className="text-sm font-medium text-red-700">{errorFor('verification.risk.autoBlacklist')}</p>}
    </>
  );
}
