// A brand's own decision that a unit is suspect (docs/verification.md, "The brand's decision";
// issue 27): one row per mark, with who marked it, when and why, and, once cleared, who cleared
// it, when and why. At most one mark of a unit is in force (cleared_at null: a partial unique
// index, so two staff marking at once make one); the verify read joins that row by it. Cleared
// marks stay for the code's timeline. Mirrors lib/db/schema/risk.ts (unitSuspectMarks).
export const sql0073 = `
create table unit_suspect_marks (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  unit_key text not null,
  code_id text references codes(id) on delete set null,
  reason text not null,
  marked_by text not null,
  marked_at timestamptz not null default now(),
  clear_reason text,
  cleared_by text,
  cleared_at timestamptz
);
create unique index unit_suspect_marks_open_uq on unit_suspect_marks (client_id, unit_key) where cleared_at is null;
create index unit_suspect_marks_unit_idx on unit_suspect_marks (client_id, unit_key, marked_at);
`;
