// The brands a staff session has reached (issue 28, docs/console.md, "Sessions"): a brand's owner
// sees and ends a member's sessions only where they were used at that brand, never the member's
// sessions at other brands (with their addresses). A row is written the first time a session
// passes the membership guard of a brand. Mirrors lib/db/schema/console.ts.
export const sql0030 = `
create table staff_session_brands (
  session_id text not null references staff_sessions(id) on delete cascade,
  client_id text not null references clients(id) on delete cascade,
  first_at timestamptz not null default now(),
  primary key (session_id, client_id)
);
create index staff_session_brands_client_idx on staff_session_brands (client_id);
`;
