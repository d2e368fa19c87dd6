// Each unit session kept ready to read (docs/benchmarks.md, "The risk assessment's cost"): every
// assessed scan reads its unit's 40 most recent sessions (lib/api/verify/read-code.ts), and
// building each one's JSON array there (four timestamps turned to epoch milliseconds, ten values
// typed one by one) was most of that read's time in the embedded database. unit_sessions.packed
// holds that very array as text, made by a trigger whenever a row is written (the trigger on scans
// keeping sessions, a customer's deletion setting customer_id to null, the scale seed): one array
// per scan written instead of forty per scan read. The read joins the texts in its one statement.
// Mirrors lib/db/schema/risk.ts.
export const sql0022 = `
alter table unit_sessions add column packed text;

create function pack_unit_session() returns trigger language plpgsql as $$
begin
  -- [key, device, customer, first, last, lat, lng, placeAt, fromIp, covertBeforeSaleAt], times as epoch ms
  new.packed := json_build_array(new.session_key, new.device_id, new.customer_id,
    date_part('epoch', new.first_at) * 1000, date_part('epoch', new.last_at) * 1000, new.lat, new.lng,
    date_part('epoch', new.place_at) * 1000, new.place_from_ip, date_part('epoch', new.covert_before_sale_at) * 1000)::text;
  return new;
end
$$;

create trigger unit_sessions_pack before insert or update on unit_sessions
  for each row execute function pack_unit_session();

-- The sessions kept so far: any update runs the trigger, which fills packed.
update unit_sessions set packed = null;
`;
