// Where a pack was first seen, kept on the unit (docs/verification.md, "Places as people know
// them"): the earliest place someone gave (a device's or an account's session, never an address
// place or a network-only one) among all its sessions, not only the 40 most recent ones the verify
// read takes. One row per unit, kept by triggers on unit_sessions that fire only when a session
// takes such a place (its first scan with one, or a place given within its first hour): a rescan
// that changes no place costs nothing more. Filled from today's sessions. Mirrors
// lib/db/schema/risk.ts (unitFirstPlaces).
export const sql0067 = `
create table unit_first_places (
  client_id text not null references clients(id) on delete cascade,
  unit_key text not null,
  lat double precision not null,
  lng double precision not null,
  place_at timestamptz not null,
  primary key (client_id, unit_key)
);

create or replace function keep_unit_first_place() returns trigger language plpgsql as $$
begin
  insert into unit_first_places as f (client_id, unit_key, lat, lng, place_at)
    values (new.client_id, new.unit_key, new.lat, new.lng, new.place_at)
    on conflict (client_id, unit_key) do update
      set lat = excluded.lat, lng = excluded.lng, place_at = excluded.place_at
      where excluded.place_at < f.place_at;
  return null;
end
$$;

create trigger unit_sessions_first_place_insert after insert on unit_sessions
  for each row
  when (new.lat is not null and new.lng is not null and new.place_at is not null and not new.place_from_ip
        and (new.device_id is not null or new.customer_id is not null))
  execute function keep_unit_first_place();

create trigger unit_sessions_first_place_update after update on unit_sessions
  for each row
  when (new.place_at is distinct from old.place_at
        and new.lat is not null and new.lng is not null and new.place_at is not null and not new.place_from_ip
        and (new.device_id is not null or new.customer_id is not null))
  execute function keep_unit_first_place();

insert into unit_first_places (client_id, unit_key, lat, lng, place_at)
  select distinct on (client_id, unit_key) client_id, unit_key, lat, lng, place_at
    from unit_sessions
   where lat is not null and lng is not null and place_at is not null and not place_from_ip
     and (device_id is not null or customer_id is not null)
   order by client_id, unit_key, place_at;
`;
