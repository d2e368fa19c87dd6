// A session's place (docs/verification.md, "Where"): the first place given within an hour of the
// session's first check, and a place its customer shares within that hour replaces an address
// place (the city of the network's gateway, which the places and travel rules do not count). That
// is the verify page's offer to share a location after a check that carried none
// (lib/domain/risk.ts, placeReplaces and SHARED_PLACE_WINDOW_MS: the same rule and the same hour,
// checked by tests/unit/domain/risk.test.ts). Later places are
// the owner moving and change nothing; a shared place is never replaced. Before, a session
// without a place took the first one given at any time, and an address place was never replaced.
// Otherwise 0013's function (the trigger on scans keeping unit_sessions).
export const sql0023 = `
-- Whether a scan's place (new_lat, new_from_ip, at new_at) becomes its session's place.
create function unit_session_takes_place(old_lat double precision, old_from_ip boolean, first_at timestamptz,
                                         new_lat double precision, new_from_ip boolean, new_at timestamptz)
  returns boolean language sql immutable as $f$
  select new_lat is not null and new_at <= first_at + interval '1 hour'
         and (old_lat is null or (old_from_ip and not new_from_ip))
$f$;

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
            lat = case when unit_session_takes_place(s.lat, s.place_from_ip, s.first_at, excluded.lat, excluded.place_from_ip, excluded.first_at)
                       then excluded.lat else s.lat end,
            lng = case when unit_session_takes_place(s.lat, s.place_from_ip, s.first_at, excluded.lat, excluded.place_from_ip, excluded.first_at)
                       then excluded.lng else s.lng end,
            place_at = case when unit_session_takes_place(s.lat, s.place_from_ip, s.first_at, excluded.lat, excluded.place_from_ip, excluded.first_at)
                            then excluded.place_at else s.place_at end,
            place_from_ip = case when unit_session_takes_place(s.lat, s.place_from_ip, s.first_at, excluded.lat, excluded.place_from_ip, excluded.first_at)
                                 then excluded.place_from_ip else s.place_from_ip end,
            covert_before_sale_at = coalesce(s.covert_before_sale_at, excluded.covert_before_sale_at),
            scan_count = s.scan_count + 1;
  end if;
  return null;
end
$$;
`;
