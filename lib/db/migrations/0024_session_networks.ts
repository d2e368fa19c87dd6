// Each scan's network, and each unit session's first network (docs/verification.md, "Bounded
// influence"): a keyed hash of the request address's IPv4 /24 or IPv6 /48 (a carrier gateway is
// one network), so the risk assessment can tell evidence from one network, device or account from
// evidence of several unrelated ones. The session keeps the network of its first scan; its packed
// array (0022) gains it as an eleventh value. Otherwise 0023's function. Mirrors lib/db/schema.
export const sql0024 = `
alter table scans add column net_key text;
alter table unit_sessions add column net_key text;

create or replace function record_unit_session() returns trigger language plpgsql as $$
begin
  if new.unit_key is not null and new.session_key is not null
     and new.result in ('Genuine Pre Sale', 'Genuine Pre Sale & Claim Warranty', 'Genuine Post Sale', 'Info',
                        'Product Cliamed', 'Batch Details Only', 'Expired', 'Scan pre sale first') then
    insert into unit_sessions as s (client_id, unit_key, session_key, device_id, customer_id, first_at, last_at, lat, lng, place_at,
                                    place_from_ip, covert_before_sale_at, scan_count, net_key)
      values (new.client_id, new.unit_key, new.session_key, new.device_id, new.customer_id, new.at, new.at, new.lat, new.lng,
              case when new.lat is null then null else new.at end,
              new.lat is not null and new.place_from_ip,
              case when new.covert_before_sale then new.at else null end, 1, new.net_key)
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
            scan_count = s.scan_count + 1,
            net_key = coalesce(s.net_key, excluded.net_key);
  end if;
  return null;
end
$$;

create or replace function pack_unit_session() returns trigger language plpgsql as $$
begin
  -- [key, device, customer, first, last, lat, lng, placeAt, fromIp, covertBeforeSaleAt, net], times as epoch ms
  new.packed := json_build_array(new.session_key, new.device_id, new.customer_id,
    date_part('epoch', new.first_at) * 1000, date_part('epoch', new.last_at) * 1000, new.lat, new.lng,
    date_part('epoch', new.place_at) * 1000, new.place_from_ip, date_part('epoch', new.covert_before_sale_at) * 1000,
    new.net_key)::text;
  return new;
end
$$;

update unit_sessions set packed = null;
`;
