// Tiny ONNX models written by hand (ONNX is protobuf: the few messages needed are encoded here), with random weights,
// for the embedded speech engines' tests: the engine, the loading code and the audio format are what is tested, not
// what the voice sounds like. Nothing here is committed as a model file; the tests write them into a temp dir.
//
// Field numbers (onnx.proto): ModelProto ir_version=1 opset_import=8 graph=7 metadata_props=14; GraphProto node=1
// name=2 initializer=5 input=11 output=12; NodeProto input=1 output=2 name=3 op_type=4 attribute=5; AttributeProto
// name=1 i=3 ints=8 type=20; ValueInfoProto name=1 type=2; TypeProto tensor_type=1 {elem_type=1 shape=2 {dim=1
// {dim_value=1 | dim_param=2}}}; TensorProto dims=1 data_type=2 name=8 raw_data=9.

const FLOAT = 1;
const INT64 = 7;

function varint(n: number | bigint): Buffer {
  let v = BigInt.asUintN(64, BigInt(n));
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return Buffer.from(out);
}

const key = (field: number, wire: number) => varint((field << 3) | wire);
const int = (field: number, n: number | bigint) => Buffer.concat([key(field, 0), varint(n)]);
const bytes = (field: number, b: Buffer | string) => {
  const buf = typeof b === 'string' ? Buffer.from(b, 'utf8') : b;
  return Buffer.concat([key(field, 2), varint(buf.length), buf]);
};

type Dim = number | string;

function valueInfo(name: string, elemType: number, dims: Dim[]): Buffer {
  const shape = Buffer.concat(dims.map((d) => bytes(1, typeof d === 'number' ? int(1, d) : bytes(2, d))));
  const tensorType = Buffer.concat([int(1, elemType), bytes(2, shape)]);
  return Buffer.concat([bytes(1, name), bytes(2, bytes(1, tensorType))]);
}

function tensor(name: string, dims: number[], data: Float32Array | BigInt64Array): Buffer {
  const raw = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const type = data instanceof Float32Array ? FLOAT : INT64;
  return Buffer.concat([...dims.map((d) => int(1, d)), int(2, type), bytes(8, name), bytes(9, raw)]);
}

interface NodeSpec {
  op: string;
  inputs: string[];
  outputs: string[];
  /** Integer attributes (type INT) and integer lists (type INTS). */
  ints?: Record<string, number | number[]>;
}

function node(n: NodeSpec, i: number): Buffer {
  const attrs = Object.entries(n.ints ?? {}).map(([name, v]) =>
    bytes(
      5,
      Array.isArray(v)
        ? Buffer.concat([bytes(1, name), ...v.map((x) => int(8, x)), int(20, 7)])
        : Buffer.concat([bytes(1, name), int(3, v), int(20, 2)]),
    ),
  );
  return Buffer.concat([
    ...n.inputs.map((x) => bytes(1, x)),
    ...n.outputs.map((x) => bytes(2, x)),
    bytes(3, `n${i}`),
    bytes(4, n.op),
    ...attrs,
  ]);
}

interface ModelSpec {
  nodes: NodeSpec[];
  initializers: Array<{ name: string; dims: number[]; data: Float32Array | BigInt64Array }>;
  inputs: Array<{ name: string; type: 'float' | 'int64'; dims: Dim[] }>;
  outputs: Array<{ name: string; type: 'float' | 'int64'; dims: Dim[] }>;
  metadata: Record<string, string | number>;
}

/** A serialised ModelProto (IR version 7, opset 13). */
export function onnxModel(spec: ModelSpec): Buffer {
  const elem = (t: 'float' | 'int64') => (t === 'float' ? FLOAT : INT64);
  const graph = Buffer.concat([
    ...spec.nodes.map((n, i) => bytes(1, node(n, i))),
    bytes(2, 'tiny'),
    ...spec.initializers.map((t) => bytes(5, tensor(t.name, t.dims, t.data))),
    ...spec.inputs.map((v) => bytes(11, valueInfo(v.name, elem(v.type), v.dims))),
    ...spec.outputs.map((v) => bytes(12, valueInfo(v.name, elem(v.type), v.dims))),
  ]);
  const meta = Object.entries(spec.metadata).map(([k, v]) => bytes(14, Buffer.concat([bytes(1, k), bytes(2, String(v))])));
  return Buffer.concat([int(1, 7), bytes(8, Buffer.concat([bytes(1, ''), int(2, 13)])), bytes(7, graph), ...meta]);
}

/** Deterministic numbers in [-1, 1) (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
  };
}
