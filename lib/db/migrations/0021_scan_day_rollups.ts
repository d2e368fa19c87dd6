// Daily rollups of a brand's scans for the console's overview (lib/console/scan-rollups.ts,
// docs/benchmarks.md "Console"): a completed UTC day's scans never change, so each such day is
// counted once, the first time an overview's range needs it, and read back as a few rows instead
// of one index entry per scan. Nothing is added to each scan (no trigger): the verify path's
// throughput is untouched. Three grains in one table, each row counting one day and one coarse
// place (lat/lng rounded to 0.1; null when the scan had no place):
//   grain 0: all the brand's scans (product_id, batch_id null);
//   grain 1: the scans of one product's codes (batch_id null);
//   grain 2: the scans of one batch's codes (product_id is the batch's product).
// scan_rollup_days records which days are counted (a counted day without scans has no rows). The
// retention purge deletes both for the days it touches (lib/operator/retention.ts). Two indexes for
// the overview's other counts under a product filter: a product's codes and units read from an
// index alone (instead of every code of the brand), and the claims of a range. Mirrors
// lib/db/schema/console.ts (scanDayRollups, scanRollupDays) and lib/db/schema/codes.ts.
export const sql0021 = `
create table scan_rollup_days (
  client_id text not null references clients(id) on delete cascade,
  day date not null,
  primary key (client_id, day)
);

create table scan_day_rollups (
  client_id text not null references clients(id) on delete cascade,
  day date not null,
  grain smallint not null,
  product_id text,
  batch_id text,
  lat double precision,
  lng double precision,
  scans integer not null,
  genuine integer not null,
  fake integer not null,
  invalid integer not null,
  expired integer not null,
  suspect integer not null
);
create index scan_day_rollups_brand_idx on scan_day_rollups (client_id, grain, day);
create index scan_day_rollups_product_idx on scan_day_rollups (client_id, product_id, day) where grain = 1;
create index scan_day_rollups_batch_idx on scan_day_rollups (client_id, batch_id, day) where grain = 2;

create index codes_client_product_idx on codes (client_id, product_id, id) include (pair_id, level);
create index claims_client_claimed_idx on claims (client_id, claimed_at) include (unit_id);
`;
