// A hidden code that does not exist, typed by someone who had just checked a unit's visible code,
// is evidence against that code's copies (docs/verification.md, "Copies sold first"): a copy's
// panel carries a made-up hidden code. The unit session of that person keeps when it happened
// (false_hidden_at); its packed array (0022, 0024) gains it as a twelfth value. The look-up of a
// person's latest unit by their session key gets an index of its own.
export const sql0066 = `
alter table unit_sessions add column false_hidden_at timestamptz;
create index unit_sessions_by_session_idx on unit_sessions (client_id, session_key, last_at desc);

create or replace function pack_unit_session() returns trigger language plpgsql as $$
begin
  -- [key, device, customer, first, last, lat, lng, placeAt, fromIp, covertBeforeSaleAt, net, falseHiddenAt], times as epoch ms
  new.packed := json_build_array(new.session_key, new.device_id, new.customer_id,
    date_part('epoch', new.first_at) * 1000, date_part('epoch', new.last_at) * 1000, new.lat, new.lng,
    date_part('epoch', new.place_at) * 1000, new.place_from_ip, date_part('epoch', new.covert_before_sale_at) * 1000,
    new.net_key, date_part('epoch', new.false_hidden_at) * 1000)::text;
  return new;
end
$$;
`;
