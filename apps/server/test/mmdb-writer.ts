// Tests only: writes a small MaxMind DB (MMDB) file, following the public format spec
// (https://maxmind.github.io/MaxMind-DB/), so GeoIP lookups can be tested without GeoLite2 (no download here). An IPv6
// search tree of 24-bit records with IPv4 networks at ::a.b.c.d/(96 + n), as GeoLite2 lays them out; a data section
// of maps, arrays, strings, unsigned integers and booleans; the "\xAB\xCD\xEFMaxMind.com" marker and the metadata map.
// IPv4 networks only, and they must not overlap: enough for a few countries and states.
import { isIPv4 } from 'node:net';

export type MmdbValue = string | number | bigint | boolean | MmdbValue[] | { [key: string]: MmdbValue };

export interface MmdbNetwork {
  /** `81.2.69.0/24` */
  network: string;
  data: { [key: string]: MmdbValue };
}

/** A search-tree record: another node, a record in the data section (its offset), or nothing. */
type Child = { node: TreeNode } | { data: number } | null;
interface TreeNode {
  children: [Child, Child];
}

const TYPE = { pointer: 1, string: 2, uint16: 5, uint32: 6, map: 7, uint64: 9, array: 11, boolean: 14 } as const;

/** The control byte(s) of a field: its type and its size (spec: "Data Field Format"). */
function control(type: number, size: number): Buffer {
  const extended = type > 7;
  const head = (extended ? 0 : type) << 5;
  let sizeBytes: number[] = [];
  let sizeField = size;
  if (size >= 65821) [sizeField, sizeBytes] = [31, [(size - 65821) >> 16, ((size - 65821) >> 8) & 0xff, (size - 65821) & 0xff]];
  else if (size >= 285) [sizeField, sizeBytes] = [30, [(size - 285) >> 8, (size - 285) & 0xff]];
  else if (size >= 29) [sizeField, sizeBytes] = [29, [size - 29]];
  return Buffer.from([head | sizeField, ...(extended ? [type - 7] : []), ...sizeBytes]);
}

/** An unsigned integer, big-endian in as few bytes as it needs. */
function uint(type: number, value: number | bigint): Buffer {
  const bytes: number[] = [];
  for (let v = BigInt(value); v > 0n; v >>= 8n) bytes.unshift(Number(v & 0xffn));
  return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
}

export function encodeValue(value: MmdbValue): Buffer {
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([control(TYPE.string, text.length), text]);
  }
  if (typeof value === 'boolean') return control(TYPE.boolean, value ? 1 : 0);
  if (typeof value === 'bigint') return uint(TYPE.uint64, value);
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) throw new Error(`mmdb-writer: ${value} is not a uint32`);
    return uint(value <= 0xffff ? TYPE.uint16 : TYPE.uint32, value);
  }
  if (Array.isArray(value)) return Buffer.concat([control(TYPE.array, value.length), ...value.map(encodeValue)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(TYPE.map, entries.length), ...entries.flatMap(([k, v]) => [encodeValue(k), encodeValue(v)])]);
}

/** `81.2.69.0/24` → the 128 bits of its IPv4-mapped position in an IPv6 tree (96 zero bits first), and the prefix. */
function ipv4Bits(network: string): { bits: number[]; prefix: number } {
  const [address = '', length = ''] = network.split('/');
  const n = Number(length);
  if (!isIPv4(address) || !/^\d+$/.test(length) || n < 1 || n > 32) throw new Error(`mmdb-writer: ${network} is not an IPv4 network`);
  const octets = address.split('.').map(Number);
  const bits = [...Array<number>(96).fill(0), ...octets.flatMap((o) => [...Array(8).keys()].map((i) => (o >> (7 - i)) & 1))];
  return { bits, prefix: 96 + n };
}

function insert(root: TreeNode, network: string, dataOffset: number): void {
  const { bits, prefix } = ipv4Bits(network);
  let node = root;
  for (let depth = 0; depth < prefix - 1; depth++) {
    const bit = bits[depth]!;
    const child = node.children[bit] ?? null;
    if (child && 'data' in child) throw new Error(`mmdb-writer: ${network} overlaps a network written before it`);
    if (!child) node.children[bit] = { node: { children: [null, null] } };
    node = (node.children[bit] as { node: TreeNode }).node;
  }
  const last = bits[prefix - 1]!;
  if (node.children[last]) throw new Error(`mmdb-writer: ${network} overlaps a network written before it`);
  node.children[last] = { data: dataOffset };
}

/** Every node, the root first (node 0), each numbered by its place in the list. */
function numberNodes(root: TreeNode): Map<TreeNode, number> {
  const order = new Map<TreeNode, number>();
  const queue = [root];
  for (let node = queue.shift(); node; node = queue.shift()) {
    order.set(node, order.size);
    for (const child of node.children) if (child && 'node' in child) queue.push(child.node);
  }
  return order;
}

/** A complete MMDB file: search tree, 16-byte separator, data section, metadata. */
export function writeMmdb(networks: MmdbNetwork[], options: { databaseType?: string; buildEpoch?: number } = {}): Buffer {
  const root: TreeNode = { children: [null, null] };
  const records: Buffer[] = [];
  let dataSize = 0;
  for (const { network, data } of networks) {
    insert(root, network, dataSize);
    const record = encodeValue(data);
    records.push(record);
    dataSize += record.length;
  }
  const order = numberNodes(root);
  const nodeCount = order.size;
  const recordValue = (child: Child): number => {
    if (!child) return nodeCount;
    return 'node' in child ? order.get(child.node)! : nodeCount + 16 + child.data;
  };
  const tree = Buffer.alloc(nodeCount * 6);
  for (const [node, index] of order) {
    node.children.forEach((child, side) => tree.writeUIntBE(recordValue(child), index * 6 + side * 3, 3));
  }
  const metadata = encodeValue({
    node_count: nodeCount,
    record_size: 24,
    ip_version: 6,
    database_type: options.databaseType ?? 'Reverie-Test-City',
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    description: { en: 'Written by apps/server/test/mmdb-writer.ts for tests' },
    build_epoch: BigInt(options.buildEpoch ?? Math.floor(Date.now() / 1000)),
  });
  const marker = Buffer.concat([Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com')]);
  return Buffer.concat([tree, Buffer.alloc(16), ...records, marker, metadata]);
}

/** A GeoLite2-City-shaped record: the country and, when given, the first subdivision. */
export const cityRecord = (country: string, subdivision?: string): { [key: string]: MmdbValue } => ({
  country: { iso_code: country, names: { en: country } },
  ...(subdivision ? { subdivisions: [{ iso_code: subdivision }] } : {}),
});
