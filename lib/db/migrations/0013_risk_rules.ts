// The risk rules of the second part of issue 11 (docs/verification.md, "Risk"):
// scans.covert_before_sale marks a scan of a unit's covert code while nobody had claimed the unit
// (and that did not claim it); scans.place_from_ip marks a coarse place taken from the request
// address (an offline IP-to-city database) rather than given by the customer. unit_sessions keeps
// both per session (when the session first checked the covert code before sale; whether its first
// place is an address place), kept by the same trigger, so the verify read still takes them from
// one index. Mirrors lib/db/schema/codes.ts (scans) and risk.ts (unit_sessions).
export const sql0013 = `
alter table scans add column covert_before_sale boolean not null default false;
alter table scans add column place_from_ip boolean not null default false;
alter table unit_sessions add column covert_before_sale_at timestamptz;
alter table unit_sessions add column place_from_ip boolean not null default false;

create or replace function record_unit_session() returns trigger language plpgsql as $$
begin
  if new.unit_key is not null and new.session_key is not null
     and new.result in ('Genuine Pre Sale', 'Genuine Pre Sale & Claim Warranty', 'Genuine Post Sale', 'Info',
                        'Product Cliamed', 'Batch Details Only', 'Expired', 'Scan pre sale first') then
    insert into unit_sessions as s (client_id, unit_key, session_key, device_id, customer_id, first_at, last_at, lat, lng, place_at,
                                    place_from_ip, covert_before_sale_at, scan_count)
      values (new.client_id, new.unit_key, new.session_key, new.device_id, new.customer_id, new.at, new.at, new.lat, new.lng,
              case when new.lat is null then null else new.at end,
              new.lat is not null and new.place_from_ip,
              case when new.covert_before_sale then new.at else null end, 1)
      on conflict (client_id, unit_key, session_key) do update
        set last_at = greatest(s.last_at, excluded.last_at),
            customer_id = coalesce(excluded.customer_id, s.customer_id),
            lat = coalesce(s.lat, excluded.lat),
            lng = case when s.lat is null then excluded.lng else s.lng end,
            place_at = case when s.lat is null then excluded.place_at else s.place_at end,
            place_from_ip = case when s.lat is null then excluded.place_from_ip else s.place_from_ip end,
            covert_before_sale_at = coalesce(s.covert_before_sale_at, excluded.covert_before_sale_at),
            scan_count = s.scan_count + 1;
  end if;
  return null;
end
$$;
`;
