// A few-node MaxMind DB written byte by byte from the format spec
// (https://maxmind.github.io/MaxMind-DB/), for tests of lib/places/mmdb-file.ts: small files with
// every data type, and files that are wrong in one known way.

/** A control byte for a type and size, then the extended type byte and the size bytes, in the spec's order. */
function control(type: number, size: number): Buffer {
  const ext = type > 7 ? [type - 7] : [];
  let bits: number;
  let sizeBytes: number[];
  if (size < 29) [bits, sizeBytes] = [size, []];
  else if (size < 285) [bits, sizeBytes] = [29, [size - 29]];
  else if (size < 65821) [bits, sizeBytes] = [30, [(size - 285) >> 8, (size - 285) & 0xff]];
  else [bits, sizeBytes] = [31, [((size - 65821) >> 16) & 0xff, ((size - 65821) >> 8) & 0xff, (size - 65821) & 0xff]];
  return Buffer.from([((type <= 7 ? type : 0) << 5) | bits, ...ext, ...sizeBytes]);
}

/** An unsigned integer's bytes, big-endian, without leading zeros. */
function minimal(v: bigint): Buffer {
  const bytes: number[] = [];
  for (; v > 0n; v >>= 8n) bytes.unshift(Number(v & 0xffn));
  return Buffer.from(bytes);
}

const withControl = (type: number, body: Buffer) => Buffer.concat([control(type, body.length), body]);

export const mm = {
  str: (s: string) => withControl(2, Buffer.from(s, 'utf8')),
  double: (v: number) => {
    const b = Buffer.alloc(8);
    b.writeDoubleBE(v);
    return withControl(3, b);
  },
  float: (v: number) => {
    const b = Buffer.alloc(4);
    b.writeFloatBE(v);
    return withControl(15, b);
  },
  bytes: (b: Buffer) => withControl(4, b),
  uint16: (v: number) => withControl(5, minimal(BigInt(v))),
  uint32: (v: number) => withControl(6, minimal(BigInt(v))),
  uint64: (v: bigint) => withControl(9, minimal(v)),
  uint128: (v: bigint) => withControl(10, minimal(v)),
  /** Always four bytes (two's complement): a negative value is what it tests. */
  int32: (v: number) => {
    const b = Buffer.alloc(4);
    b.writeInt32BE(v);
    return withControl(8, b);
  },
  bool: (v: boolean) => control(14, v ? 1 : 0),
  array: (items: Buffer[]) => Buffer.concat([control(11, items.length), ...items]),
  /** Keys given as strings are written in place; a Buffer is a key already encoded (a pointer, say). */
  map: (entries: [string | Buffer, Buffer][]) => Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [typeof k === 'string' ? mm.str(k) : k, v])]),
  /** A pointer to this offset of the data section, in the shortest of its first three forms. */
  pointer: (to: number) => {
    if (to < 2048) return Buffer.from([0x20 | (to >> 8), to & 0xff]);
    if (to < 526336) {
      const v = to - 2048;
      return Buffer.from([0x28 | (v >> 16), (v >> 8) & 0xff, v & 0xff]);
    }
    const v = to - 526336;
    return Buffer.from([0x30 | (v >> 24), (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff]);
  },
};

/** A record value pointing at this offset of the data section. */
export const dataRecord = (nodeCount: number, offset: number) => nodeCount + 16 + offset;

/**
 * A whole file: the tree's nodes as [left, right] record values (24-bit records), the 16-byte
 * separator, the data section, the metadata marker and the metadata map.
 */
export function mmdbFile(nodes: [number, number][], data: Buffer, opts: { ipVersion?: 4 | 6; nodeCount?: number } = {}): Buffer {
  const tree = Buffer.alloc(nodes.length * 6);
  nodes.forEach(([l, r], n) => {
    tree.writeUIntBE(l, n * 6, 3);
    tree.writeUIntBE(r, n * 6 + 3, 3);
  });
  const metadata = mm.map([
    ['binary_format_major_version', mm.uint16(2)],
    ['binary_format_minor_version', mm.uint16(0)],
    ['build_epoch', mm.uint64(1_700_000_000n)],
    ['database_type', mm.str('test')],
    ['description', mm.map([['en', mm.str('a test file')]])],
    ['ip_version', mm.uint16(opts.ipVersion ?? 4)],
    ['languages', mm.array([mm.str('en')])],
    ['node_count', mm.uint32(opts.nodeCount ?? nodes.length)],
    ['record_size', mm.uint16(24)],
  ]);
  return Buffer.concat([tree, Buffer.alloc(16), data, Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1'), metadata]);
}
