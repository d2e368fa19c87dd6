import 'server-only';
import { readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { IPV4, ipv6Groups } from '@/lib/shared/client-address';

// A MaxMind DB (format 2.0, https://maxmind.github.io/MaxMind-DB/) read from its file on demand,
// never held in memory: the search tree and the data records are read with positioned reads
// (`readSync(fd, buf, 0, n, position)`) through small buffers, so the file's pages live in the
// OS page cache (shared, reclaimable, not counted in the process's RSS) instead of in a 63 MB
// ArrayBuffer per table. Written for lib/places/ip-place.ts, from the format spec:
//
//   [search tree: node_count nodes, two records each] [16 zero bytes] [data section]
//   "\xAB\xCD\xEFMaxMind.com" [metadata: a map in the data section's encoding]
//
// Only what the DB-IP files use is decoded (map, utf8 string, double, float, uint16/32/64, int32,
// pointer, boolean, array); any other type throws. A file found wrong (no metadata, a record
// outside the file, bytes past its end) throws too: the caller treats that as "no place".

const METADATA_MARKER = Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1');
/** The metadata is searched for in the file's last 128 KiB, as the spec bounds it. */
const METADATA_MAX = 128 * 1024;
const DATA_SEPARATOR = 16;
/** The data buffer's size: a DB-IP record with its pointed-to strings mostly fits in one read. */
const DATA_WINDOW = 512;
/**
 * The search tree's buffer: one page, read from the node reached onwards. The writer numbers a
 * subtree's nodes one after another (depth first), so the deep part of a walk is mostly in one read.
 */
const TREE_WINDOW = 4096;
/**
 * The top levels of the tree kept in memory: where the walk of each 10-bit prefix goes, filled
 * in as prefixes are looked up (1,024 entries, 5 kB a tree start). With them and the tree buffer,
 * an IPv4 lookup in the DB-IP file reads about 2 tree pieces instead of 17 nodes one by one.
 */
const PREFIX_BITS = 10;
/** Maps and arrays nested deeper than this are taken as a corrupt file (a pointer loop, say). */
const MAX_DEPTH = 512;

// Types of the data section (the control byte's top three bits; 0 means "extended": 7 + the next byte).
const POINTER = 1, UTF8 = 2, DOUBLE = 3, BYTES = 4, UINT16 = 5, UINT32 = 6, MAP = 7, INT32 = 8, UINT64 = 9, UINT128 = 10, ARRAY = 11, BOOLEAN = 14, FLOAT = 15;
const TYPE_NAMES: Record<number, string> = { 1: 'pointer', 2: 'utf8 string', 3: 'double', 4: 'bytes', 5: 'uint16', 6: 'uint32', 7: 'map', 8: 'int32', 9: 'uint64', 10: 'uint128', 11: 'array', 12: 'data cache container', 13: 'end marker', 14: 'boolean', 15: 'float' };

export type MmdbValue = string | number | bigint | boolean | MmdbValue[] | { [key: string]: MmdbValue };

export class MmdbError extends Error {
  override name = 'MmdbError';
}

/**
 * File bytes through a small buffer: `at(pos, len)` makes `[pos, pos + len)` readable in `buf`
 * and answers their index there. Over a buffer already read (`fd` null), it only checks bounds.
 */
class Window {
  buf: Buffer;
  private from: number; // the file offset of buf[0]
  private to: number; // the file offset after buf's last valid byte
  private readonly small: Buffer;

  constructor(
    private readonly fd: number | null,
    private readonly limit: number, // no byte at or past this offset is read
    held: { buf: Buffer; from: number } | number,
  ) {
    this.small = typeof held === 'number' ? Buffer.allocUnsafe(held) : held.buf;
    this.buf = this.small;
    this.from = typeof held === 'number' ? 0 : held.from;
    this.to = typeof held === 'number' ? 0 : held.from + held.buf.length;
  }

  at(pos: number, len: number): number {
    if (pos >= this.from && pos + len <= this.to) return pos - this.from;
    if (pos < 0 || pos + len > this.limit || this.fd === null) throw new MmdbError(`read past the end of the data (${len} bytes at ${pos})`);
    // A value longer than the buffer (a long string) gets a buffer of its own, for this read only.
    this.buf = len > this.small.length ? Buffer.allocUnsafe(len) : this.small;
    this.from = this.to = 0; // nothing held until the read is in (it may throw)
    const got = readSync(this.fd, this.buf, 0, Math.min(this.buf.length, this.limit - pos), pos);
    if (got < len) throw new MmdbError(`file truncated: ${got} of ${len} bytes at ${pos}`);
    this.from = pos;
    this.to = pos + got;
    return 0;
  }
}

/** Decodes values of a data section (or of the metadata) whose pointers count from `base`. */
class Decoder {
  private pos = 0;
  /** Map keys reached through a pointer (the few shared key strings), by the pointer's target. */
  private readonly keys = new Map<number, string>();

  constructor(
    private readonly win: Window,
    private readonly base: number,
    private readonly end: number,
  ) {}

  /** The value at this file offset; of a map there, only the `fields` asked for when given. */
  decodeAt(offset: number, fields?: ReadonlySet<string>): MmdbValue {
    this.pos = offset;
    return this.value(0, fields);
  }

  private byte(): number {
    const i = this.win.at(this.pos, 1);
    this.pos += 1;
    return this.win.buf[i]!;
  }

  /** An unsigned big-endian integer of n ≤ 6 bytes at the cursor. */
  private uint(n: number): number {
    if (n === 0) return 0;
    const i = this.win.at(this.pos, n);
    this.pos += n;
    return this.win.buf.readUIntBE(i, n);
  }

  /** Reads a control byte (and its extensions): [type, size], or [POINTER, target offset]. */
  private control(): [number, number] {
    const ctrl = this.byte();
    let type = ctrl >> 5;
    if (type === POINTER) {
      // Pointer: SS (bits 4-3) says how many bytes follow, VVV (bits 2-0) are the top bits.
      const ss = (ctrl >> 3) & 3;
      const vvv = ctrl & 7;
      let target: number;
      if (ss === 0) target = vvv * 0x100 + this.uint(1);
      else if (ss === 1) target = vvv * 0x10000 + this.uint(2) + 2048;
      else if (ss === 2) target = vvv * 0x1000000 + this.uint(3) + 526336;
      else target = this.uint(4);
      return [POINTER, target];
    }
    if (type === 0) {
      type = 7 + this.byte();
      if (type < 8) throw new MmdbError(`invalid extended type at ${this.pos - 1}`);
    }
    let size = ctrl & 0x1f;
    if (size === 29) size = 29 + this.uint(1);
    else if (size === 30) size = 285 + this.uint(2);
    else if (size === 31) size = 65821 + this.uint(3);
    return [type, size];
  }

  private follow(target: number): number {
    const to = this.base + target;
    if (to >= this.end) throw new MmdbError(`pointer to ${target} is outside the data section`);
    return to;
  }

  private value(depth: number, fields?: ReadonlySet<string>): MmdbValue {
    if (depth > MAX_DEPTH) throw new MmdbError('data nested too deeply');
    const at = this.pos;
    const [type, size] = this.control();
    switch (type) {
      case POINTER: {
        const back = this.pos;
        this.pos = this.follow(size);
        // The spec forbids a pointer to a pointer: one is taken as a corrupt file.
        if (this.peekType() === POINTER) throw new MmdbError(`pointer to a pointer at ${at}`);
        const v = this.value(depth + 1, fields);
        this.pos = back;
        return v;
      }
      case UTF8:
        return this.utf8(size);
      case DOUBLE: {
        if (size !== 8) throw new MmdbError(`double of ${size} bytes at ${at}`);
        const i = this.win.at(this.pos, 8);
        this.pos += 8;
        return this.win.buf.readDoubleBE(i);
      }
      case FLOAT: {
        if (size !== 4) throw new MmdbError(`float of ${size} bytes at ${at}`);
        const i = this.win.at(this.pos, 4);
        this.pos += 4;
        return this.win.buf.readFloatBE(i);
      }
      case UINT16:
      case UINT32:
      case INT32: {
        if (size > (type === UINT16 ? 2 : 4)) throw new MmdbError(`integer of ${size} bytes at ${at}`);
        const v = this.uint(size);
        // An int32 shorter than 4 bytes is positive (the spec); a 4-byte one is two's complement.
        return type === INT32 && size === 4 ? v | 0 : v;
      }
      case UINT64: {
        if (size > 8) throw new MmdbError(`uint64 of ${size} bytes at ${at}`);
        // Always a bigint (as mmdb-lib answers): its type does not depend on its value.
        if (size <= 4) return BigInt(this.uint(size));
        const hi = this.uint(size - 4);
        return BigInt(hi) * 0x100000000n + BigInt(this.uint(4));
      }
      case BOOLEAN:
        if (size > 1) throw new MmdbError(`boolean of value ${size} at ${at}`);
        return size === 1;
      case ARRAY: {
        this.fits(size, at);
        const out: MmdbValue[] = [];
        for (let n = 0; n < size; n++) out.push(this.value(depth + 1));
        return out;
      }
      case MAP: {
        this.fits(size * 2, at);
        const out: Record<string, MmdbValue> = {};
        for (let n = 0; n < size; n++) {
          const key = this.key();
          if (fields && !fields.has(key)) this.skip(depth + 1);
          else out[key] = this.value(depth + 1);
        }
        return out;
      }
      default:
        throw new MmdbError(`unsupported data type ${TYPE_NAMES[type] ?? type} at ${at} (this reader decodes map, utf8 string, double, float, uint16/32/64, int32, pointer, boolean, array)`);
    }
  }

  /** A map's key: a utf8 string, there or through a pointer (remembered: keys repeat). */
  private key(): string {
    const at = this.pos;
    let [type, size] = this.control();
    if (type === POINTER) {
      const known = this.keys.get(size);
      if (known !== undefined) return known;
      const back = this.pos;
      const target = size;
      this.pos = this.follow(target);
      [type, size] = this.control();
      if (type !== UTF8) throw new MmdbError(`map key at ${at} points to a ${TYPE_NAMES[type] ?? `type ${type}`}`);
      const key = this.utf8(size);
      if (this.keys.size < 4096) this.keys.set(target, key);
      this.pos = back;
      return key;
    }
    if (type !== UTF8) throw new MmdbError(`map key of ${TYPE_NAMES[type] ?? `type ${type}`} at ${at}`);
    return this.utf8(size);
  }

  private utf8(size: number): string {
    const i = this.win.at(this.pos, size);
    this.pos += size;
    return this.win.buf.toString('utf8', i, i + size);
  }

  /** Moves past a value without building it (a pointer is not followed). */
  private skip(depth: number): void {
    if (depth > MAX_DEPTH) throw new MmdbError('data nested too deeply');
    const at = this.pos;
    const [type, size] = this.control();
    switch (type) {
      case POINTER:
      case BOOLEAN:
        return;
      // Fixed- or counted-length values, bytes and uint128 too (skipped, never decoded).
      case UTF8:
      case DOUBLE:
      case BYTES:
      case UINT16:
      case UINT32:
      case INT32:
      case UINT64:
      case UINT128:
      case FLOAT:
        if (this.pos + size > this.end) throw new MmdbError(`value past the end of the data at ${at}`);
        this.pos += size;
        return;
      case ARRAY:
        this.fits(size, at);
        for (let n = 0; n < size; n++) this.skip(depth + 1);
        return;
      case MAP:
        this.fits(size * 2, at);
        for (let n = 0; n < size * 2; n++) this.skip(depth + 1);
        return;
      default:
        throw new MmdbError(`unsupported data type ${TYPE_NAMES[type] ?? type} at ${at}`);
    }
  }

  private peekType(): number {
    const i = this.win.at(this.pos, 1);
    return this.win.buf[i]! >> 5;
  }

  /** Each value takes at least a byte: a count the rest of the data cannot hold is corruption. */
  private fits(values: number, at: number): void {
    if (this.pos + values > this.end) throw new MmdbError(`${values} values cannot fit after ${at}`);
  }
}

export type MmdbMetadata = {
  nodeCount: number;
  recordSize: 24 | 28 | 32;
  ipVersion: 4 | 6;
  databaseType: string;
  buildEpoch: number;
};

/** The metadata map, decoded from the file's tail, checked for what a lookup relies on. */
function readMetadata(tail: Buffer, tailFrom: number): { meta: MmdbMetadata; markerAt: number } {
  const i = tail.lastIndexOf(METADATA_MARKER);
  if (i < 0) throw new MmdbError('no MaxMind DB metadata (not a MaxMind DB file, or truncated)');
  const start = tailFrom + i + METADATA_MARKER.length;
  const end = tailFrom + tail.length;
  const raw = new Decoder(new Window(null, end, { buf: tail, from: tailFrom }), start, end).decodeAt(start);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new MmdbError('metadata is not a map');
  const { node_count: nodeCount, record_size: recordSize, ip_version: ipVersion, binary_format_major_version: major } = raw;
  if (major !== 2) throw new MmdbError(`binary format ${String(major)} (only 2 is read)`);
  if (typeof nodeCount !== 'number' || !Number.isInteger(nodeCount) || nodeCount <= 0) throw new MmdbError('metadata has no node_count');
  if (recordSize !== 24 && recordSize !== 28 && recordSize !== 32) throw new MmdbError(`record_size ${String(recordSize)} (24, 28 or 32)`);
  if (ipVersion !== 4 && ipVersion !== 6) throw new MmdbError(`ip_version ${String(ipVersion)} (4 or 6)`);
  const databaseType = typeof raw.database_type === 'string' ? raw.database_type : '';
  const buildEpoch = typeof raw.build_epoch === 'bigint' || typeof raw.build_epoch === 'number' ? Number(raw.build_epoch) : 0;
  return { meta: { nodeCount, recordSize, ipVersion, databaseType, buildEpoch }, markerAt: tailFrom + i };
}

/** An address's bytes (4 for IPv4, 16 for IPv6), or null when it is not one (parsed as the rate limits parse it). */
export function addressBytes(ip: string): Uint8Array | null {
  if (IPV4.test(ip)) return Uint8Array.from(ip.split('.').map(Number));
  const groups = ipv6Groups(ip);
  return groups ? Uint8Array.from(groups.flatMap((g) => [g >> 8, g & 0xff])) : null;
}

/**
 * Where the walks of the first PREFIX_BITS bits from a tree start go: the node reached after them,
 * or the record a shorter walk ended at (a record, not a node: no bit more is walked).
 */
class Prefixes {
  readonly reached = new Uint32Array(1 << PREFIX_BITS);
  readonly known = new Uint8Array(1 << PREFIX_BITS);
  constructor(readonly start: number) {}
}

/**
 * A MaxMind DB file, open for the life of the process (its descriptor is held by `handle`; the
 * whole file is never read). Open with `MmdbFile.open`; `get` looks an address up synchronously.
 */
export class MmdbFile {
  readonly nodeCount: number;
  readonly recordSize: 24 | 28 | 32;
  readonly ipVersion: 4 | 6;
  readonly metadata: MmdbMetadata;
  private readonly nodeBytes: number;
  private readonly treeBytes: number;
  private readonly tree: Window;
  private readonly decoder: Decoder;
  /** The top of the tree from its root, and (an IPv6 tree's, found on the first IPv4 lookup) from its ::/96 node. */
  private readonly rootTop = new Prefixes(0);
  private ipv4InIpv6Top: Prefixes | undefined;

  private constructor(
    private readonly handle: FileHandle,
    meta: MmdbMetadata,
    markerAt: number,
  ) {
    this.metadata = meta;
    this.nodeCount = meta.nodeCount;
    this.recordSize = meta.recordSize;
    this.ipVersion = meta.ipVersion;
    this.nodeBytes = meta.recordSize / 4;
    this.treeBytes = meta.nodeCount * this.nodeBytes;
    if (this.treeBytes + DATA_SEPARATOR > markerAt) throw new MmdbError(`search tree of ${this.treeBytes} bytes does not fit before the metadata at ${markerAt}`);
    this.tree = new Window(handle.fd, this.treeBytes, TREE_WINDOW);
    this.decoder = new Decoder(new Window(handle.fd, markerAt, DATA_WINDOW), this.treeBytes + DATA_SEPARATOR, markerAt);
  }

  /** Opens a file and reads its metadata (asynchronous I/O; a few kB are read). Rejects when it is not a readable MaxMind DB. */
  static async open(file: string): Promise<MmdbFile> {
    // A data file found at run time (lib/places/ip-place.ts): nothing for the build's file tracing to follow.
    const handle = await open(/*turbopackIgnore: true*/ file, 'r');
    try {
      const { size } = await handle.stat();
      const n = Math.min(size, METADATA_MAX);
      const tail = Buffer.alloc(n);
      const { bytesRead } = await handle.read(tail, 0, n, size - n);
      const { meta, markerAt } = readMetadata(tail.subarray(0, bytesRead), size - n);
      return new MmdbFile(handle, meta, markerAt);
    } catch (e) {
      await handle.close();
      throw e;
    }
  }

  /** Closes the file (tests; the server keeps its tables open). */
  close(): Promise<void> {
    return this.handle.close();
  }

  /** Node `node`'s record for `bit` (0: left, 1: right), read from the file. */
  private record(node: number, bit: number): number {
    const i = this.tree.at(node * this.nodeBytes, this.nodeBytes);
    const b = this.tree.buf;
    switch (this.recordSize) {
      case 24:
        return b.readUIntBE(i + bit * 3, 3);
      case 28:
        // The middle byte holds each record's top four bits: the left one's in its high nibble.
        return bit ? (b[i + 3]! & 0x0f) * 0x1000000 + b.readUIntBE(i + 4, 3) : (b[i + 3]! >> 4) * 0x1000000 + b.readUIntBE(i, 3);
      case 32:
        return b.readUInt32BE(i + bit * 4);
    }
  }

  /** Walks bits [from, to) of `addr` from `node`, stopping early at a record: the node or record reached. */
  private walk(addr: Uint8Array, node: number, from: number, to: number): number {
    for (let i = from; i < to && node < this.nodeCount; i++) node = this.record(node, (addr[i >> 3]! >> (7 - (i & 7))) & 1);
    return node;
  }

  /** The record an address's walk from the top `top` ends at. */
  private find(addr: Uint8Array, top: Prefixes): number {
    if (top.start >= this.nodeCount) return top.start; // the whole range is one record
    const bits = addr.length * 8;
    // The first PREFIX_BITS bits (addresses are 32 or 128 bits: they always have them).
    const prefix = ((addr[0]! << 8) | addr[1]!) >> (16 - PREFIX_BITS);
    if (!top.known[prefix]) {
      top.reached[prefix] = this.walk(addr, top.start, 0, PREFIX_BITS);
      top.known[prefix] = 1;
    }
    return this.walk(addr, top.reached[prefix]!, PREFIX_BITS, bits);
  }

  private ipv4Top(): Prefixes {
    if (this.ipVersion === 4) return this.rootTop; // an IPv4 tree: its root
    // An IPv4 address in an IPv6 tree is at ::a.b.c.d: its walk starts after 96 zero bits.
    this.ipv4InIpv6Top ??= new Prefixes(this.walk(new Uint8Array(16), 0, 0, 96));
    return this.ipv4InIpv6Top;
  }

  /**
   * The data record of an address (IPv4 or IPv6 text), or null when the file has none for it.
   * With `fields`, a record that is a map keeps only those keys (the others are skipped unread).
   * Throws for an IPv6 address in an IPv4 file, and when the file proves corrupt.
   */
  get(ip: string, fields?: ReadonlySet<string>): MmdbValue | null {
    const addr = addressBytes(ip);
    if (!addr) throw new MmdbError(`not an IP address: ${ip}`);
    if (addr.length === 16 && this.ipVersion === 4) throw new MmdbError(`an IPv6 address (${ip}) in an IPv4-only database`);
    const end = this.find(addr, addr.length === 4 ? this.ipv4Top() : this.rootTop);
    if (end === this.nodeCount) return null;
    if (end < this.nodeCount) throw new MmdbError(`the search tree ends at node ${end} for ${ip}`);
    // A record past the tree points into the data section: (record - node_count - 16) from its start.
    return this.decoder.decodeAt(this.treeBytes + end - this.nodeCount, fields);
  }
}
