// Each unit's verification count and first verification, kept by a trigger on scans so that the
// verify hot path reads one row instead of counting every scan of the unit: a copied code scanned
// thousands of times costs the same as a fresh one (docs/benchmarks.md). The labels are those of
// VERIFIED_LABELS (lib/domain/verdict.ts) when this migration was written. Mirrors
// lib/db/schema/codes.ts (unitScanStats).
export const sql0005 = `
create table unit_scan_stats (
  client_id text not null references clients(id) on delete cascade,
  unit_key text not null,
  verified_count integer not null,
  first_verified_at timestamptz not null,
  primary key (client_id, unit_key)
);

insert into unit_scan_stats (client_id, unit_key, verified_count, first_verified_at)
  select client_id, unit_key, count(*), min(at) from scans
  where unit_key is not null
    and result in ('Genuine Pre Sale', 'Genuine Pre Sale & Claim Warranty', 'Genuine Post Sale', 'Info',
                   'Product Cliamed', 'Batch Details Only', 'Expired', 'Scan pre sale first')
  group by client_id, unit_key;

create function count_verified_scan() returns trigger language plpgsql as $$
begin
  if new.unit_key is not null
     and new.result in ('Genuine Pre Sale', 'Genuine Pre Sale & Claim Warranty', 'Genuine Post Sale', 'Info',
                        'Product Cliamed', 'Batch Details Only', 'Expired', 'Scan pre sale first') then
    insert into unit_scan_stats as s (client_id, unit_key, verified_count, first_verified_at)
      values (new.client_id, new.unit_key, 1, new.at)
      on conflict (client_id, unit_key) do update
        set verified_count = s.verified_count + 1,
            first_verified_at = least(s.first_verified_at, excluded.first_verified_at);
  end if;
  return null;
end
$$;

create trigger scans_count_verified after insert on scans
  for each row execute function count_verified_scan();
`;
