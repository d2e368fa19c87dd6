import 'server-only';
import { or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { fieldError } from '@/lib/errors';
import { foldPlaceName, placeNameOf, townsNamed } from '@/lib/places/gazetteer';

// The place filter of the console's lists (docs/console.md, "Lists"): `place` is a town's or a
// city's name, and a row matches when the place the list shows for it is named so, exactly as the
// list names it ("Pune (18.52, 73.86)": the offline gazetteer's `placeNameOf`, the city of 100,000
// people or more within 30 km, else the nearest town within 30 km). Any case, accents or not
// ("Thane" is "Thāne"); a name the gazetteer has no town of is a 422 on `place`.
//
// The gazetteer is not in the database, so the match is made in two steps: the rows' distinct
// points within 35 km of each town of that name (a box on the columns, so the database reads only
// nearby rows; 30 km and a margin for the degree arithmetic), named here one by one; then the
// list's query keeps the points whose name is the one asked. Points are coarse (two decimals at
// most), so a brand has few distinct ones near a town.

const REACH_KM = 35;
const KM_PER_DEGREE = 111;

type Point = { lat: number | null; lng: number | null };

/** The boxes (in degrees) around each town named `name`; 422 on `place` when there is none. */
function boxesAround(name: string, lat: AnyColumn | SQL, lng: AnyColumn | SQL): SQL {
  const towns = townsNamed(name);
  if (!towns.length) throw fieldError('unprocessable', 'place', `no town or city is called "${name.slice(0, 80)}" in the gazetteer`);
  const dLat = REACH_KM / KM_PER_DEGREE;
  return or(
    ...towns.map((t) => {
      const widest = Math.min(89, Math.abs(t.lat) + dLat);
      const dLng = Math.min(180, REACH_KM / (KM_PER_DEGREE * Math.cos((widest * Math.PI) / 180)));
      return sql`(${lat} between ${t.lat - dLat} and ${t.lat + dLat} and ${lng} between ${t.lng - dLng} and ${t.lng + dLng})`;
    }),
  )!;
}

/**
 * The condition that keeps a list's rows whose place is named `name`. `pointsIn(box)` answers the
 * brand's distinct points within `box` (the caller scopes it to the brand and the list's table).
 */
export async function placeCondition(name: string, lat: AnyColumn | SQL, lng: AnyColumn | SQL, pointsIn: (box: SQL) => Promise<Point[]>): Promise<SQL> {
  const wanted = foldPlaceName(name);
  const points = (await pointsIn(boxesAround(name, lat, lng))).filter(
    (p): p is { lat: number; lng: number } => p.lat !== null && p.lng !== null && foldPlaceName(placeNameOf({ lat: p.lat, lng: p.lng }) ?? '') === wanted,
  );
  if (!points.length) return sql`false`;
  // Two arrays of float8 in their shortest exact text (a number's JavaScript text reads back as the same double).
  const lats = `{${points.map((p) => String(p.lat)).join(',')}}`;
  const lngs = `{${points.map((p) => String(p.lng)).join(',')}}`;
  return sql`(${lat}, ${lng}) in (select * from unnest(${lats}::float8[], ${lngs}::float8[]))`;
}

/** The names of a brand's points (for a place filter's choices), sorted, each once. */
export function placeNamesOf(points: Point[]): string[] {
  const names = new Set<string>();
  for (const p of points) {
    if (p.lat === null || p.lng === null) continue;
    const n = placeNameOf({ lat: p.lat, lng: p.lng });
    if (n) names.add(n);
  }
  return [...names].sort((a, b) => a.localeCompare(b, 'en'));
}
