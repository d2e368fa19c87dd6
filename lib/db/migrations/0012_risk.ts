// The risk assessment (docs/verification.md, "Risk"). Each scan keeps its session (the
// first-party device id, else the signed-in customer, else the network hash) and the risk it was
// shown; unit_sessions holds one row per session of a unit (first and last time, the customer when
// signed in, the first coarse place it was seen at and when), kept by a trigger on scans like unit_scan_stats (0005), so
// the verify read takes a unit's recent sessions from one index instead of its scans.
// batches.markets: the countries (ISO 3166-1 alpha-2) a batch is sold in, for the off-market rule.
// red_flags: a unit that became suspect, for the brand to resolve or dismiss; at most one open
// flag per unit. Mirrors lib/db/schema/risk.ts and codes.ts (scans).
export const sql0012 = `
alter table batches add column markets text[];

alter table scans add column device_id text;
alter table scans add column session_key text;
alter table scans add column risk text;
alter table scans add column risk_reasons jsonb;

create table unit_sessions (
  client_id text not null references clients(id) on delete cascade,
  unit_key text not null,
  session_key text not null,
  device_id text,
  customer_id text references customers(id) on delete set null,
  first_at timestamptz not null,
  last_at timestamptz not null,
  lat double precision,
  lng double precision,
  place_at timestamptz,
  scan_count integer not null,
  primary key (client_id, unit_key, session_key)
);
create index unit_sessions_recent_idx on unit_sessions(client_id, unit_key, last_at desc);

create function record_unit_session() returns trigger language plpgsql as $$
begin
  if new.unit_key is not null and new.session_key is not null
     and new.result in ('Genuine Pre Sale', 'Genuine Pre Sale & Claim Warranty', 'Genuine Post Sale', 'Info',
                        'Product Cliamed', 'Batch Details Only', 'Expired', 'Scan pre sale first') then
    insert into unit_sessions as s (client_id, unit_key, session_key, device_id, customer_id, first_at, last_at, lat, lng, place_at, scan_count)
      values (new.client_id, new.unit_key, new.session_key, new.device_id, new.customer_id, new.at, new.at, new.lat, new.lng,
              case when new.lat is null then null else new.at end, 1)
      on conflict (client_id, unit_key, session_key) do update
        set last_at = greatest(s.last_at, excluded.last_at),
            customer_id = coalesce(excluded.customer_id, s.customer_id),
            lat = coalesce(s.lat, excluded.lat),
            lng = case when s.lat is null then excluded.lng else s.lng end,
            place_at = case when s.lat is null then excluded.place_at else s.place_at end,
            scan_count = s.scan_count + 1;
  end if;
  return null;
end
$$;

create trigger scans_record_session after insert on scans
  for each row execute function record_unit_session();

create table red_flags (
  id text primary key,
  client_id text not null references clients(id) on delete cascade,
  unit_key text not null,
  code_id text references codes(id) on delete set null,
  product_id text references products(id) on delete set null,
  rules text[] not null,
  reasons jsonb not null,
  status text not null default 'open' check (status in ('open', 'resolved', 'dismissed')),
  note text,
  blacklisted boolean not null default false,
  created_at timestamptz not null default now(),
  closed_at timestamptz
);
create unique index red_flags_open_unit_uq on red_flags(client_id, unit_key) where status = 'open';
create index red_flags_client_idx on red_flags(client_id, status, created_at);
`;
