// What an audit entry changed, field by field: the state before and after flattened to dotted
// paths (`ui.primaryColor`, `complaintConfig.targetHours.High`), and only the paths whose value
// differs kept. Lists and other leaves are compared whole. A settings change then reads as the
// two or three fields it touched, not the whole configuration twice.

export type AuditChange = { field: string; before: string | null; after: string | null };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function flatten(value: unknown, prefix: string, into: Map<string, string>) {
  if (isPlainObject(value) && (Object.keys(value).length > 0 || !prefix)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, into);
    return;
  }
  if (value === undefined) return;
  into.set(prefix || '(value)', JSON.stringify(value));
}

/** The longest value shown in full; a longer one is cut with an ellipsis. */
export const AUDIT_VALUE_MAX = 200;
const cut = (s: string | null) => (s !== null && s.length > AUDIT_VALUE_MAX ? `${s.slice(0, AUDIT_VALUE_MAX - 1)}…` : s);

/** The fields that differ between `before` and `after`, in the order they first appear (null: not set on that side). */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  if (before !== null && before !== undefined) flatten(before, '', a);
  if (after !== null && after !== undefined) flatten(after, '', b);
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  return fields
    .filter((f) => a.get(f) !== b.get(f))
    .map((field) => ({ field, before: cut(a.get(field) ?? null), after: cut(b.get(field) ?? null) }));
}
