// Builds the single-layer multi-head attention as ONNX models (protobuf bytes), written by
// hand: just the wire format and the few message fields the graphs need. Three formulations
// of the same forward (X is [1, n, d], Y is [1, n, d]):
//   composed:  Q,K,V = MatMul(X, W) -> Reshape [n,h,dk] + Transpose -> MatMul(Q_h, K_hᵀ) · 1/√dk
//              -> Softmax(axis -1) -> MatMul(·, V_h) -> Transpose + Reshape -> MatMul(·, W_O)
//   mha:       Q,K,V = MatMul(X, W) -> com.microsoft MultiHeadAttention -> MatMul(·, W_O)
//   attention: com.microsoft Attention (X · [W_Q | W_K | W_V] fused in) -> MatMul(·, W_O)

const enc = new TextEncoder();

function varint(n) {
  const out = [];
  let v = BigInt.asUintN(64, BigInt(n)); // negative int64 values as two's complement
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v) byte |= 0x80;
    out.push(byte);
  } while (v);
  return new Uint8Array(out);
}

function concat(parts) {
  const flat = parts.flat(Infinity);
  const out = new Uint8Array(flat.reduce((s, p) => s + p.length, 0));
  let offset = 0;
  for (const p of flat) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

// field helpers: each returns the bytes of one field (wire types 0 varint, 2 length-delimited)
const tag = (field, wire) => varint((field << 3) | wire);
const int = (field, v) => concat([tag(field, 0), varint(v)]);
const bytes = (field, b) => concat([tag(field, 2), varint(b.length), b]);
const str = (field, s) => bytes(field, enc.encode(s));
const msg = (field, parts) => bytes(field, concat(parts));

const FLOAT = 1,
  INT64 = 7;
const tensor = (field, name, dims, type, raw) =>
  msg(field, [...dims.map((d) => int(1, d)), int(2, type), str(8, name), bytes(9, raw)]);
const floatTensor = (name, dims, data) =>
  tensor(5, name, dims, FLOAT, new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
const shapeTensor = (name, dims) =>
  tensor(5, name, [dims.length], INT64, new Uint8Array(new BigInt64Array(dims.map(BigInt)).buffer));

// attribute types: 2 INT, 7 INTS
const attrInts = (name, values) => msg(5, [str(1, name), ...values.map((v) => int(8, v)), int(20, 7)]);
const attrInt = (name, v) => msg(5, [str(1, name), int(3, v), int(20, 2)]);
// NodeProto: inputs, output, name, op_type, attributes, domain (field 7; '' is the ONNX domain)
const node = (op, inputs, output, attrs = [], domain = '') =>
  msg(1, [
    ...inputs.map((i) => str(1, i)),
    str(2, output),
    str(3, output),
    str(4, op),
    ...attrs,
    ...(domain ? [str(7, domain)] : []),
  ]);
const msNode = (op, inputs, output, attrs) => node(op, inputs, output, attrs, 'com.microsoft');
const valueInfo = (field, name, dims) =>
  msg(field, [
    str(1, name),
    msg(2, [
      msg(1, [
        int(1, FLOAT),
        msg(
          2,
          dims.map((d) => msg(1, [int(1, d)])),
        ),
      ]),
    ]),
  ]);

// ModelProto: ir_version 8, opsets ONNX 13 and com.microsoft 1, one graph from X to Y
function model({ n, d }, nodes) {
  const graph = [...nodes, str(2, 'attention'), valueInfo(11, 'X', [1, n, d]), valueInfo(12, 'Y', [1, n, d])];
  return concat([
    int(1, 8),
    msg(8, [str(1, ''), int(2, 13)]),
    msg(8, [str(1, 'com.microsoft'), int(2, 1)]),
    msg(7, graph),
  ]);
}

const projections = (w, d) => [
  floatTensor('Wq', [d, d], w[0]),
  floatTensor('Wk', [d, d], w[1]),
  floatTensor('Wv', [d, d], w[2]),
  floatTensor('Wo', [d, d], w[3]),
];

function composed({ n, d, heads, w }) {
  const dk = d / heads;
  return [
    ...projections(w, d),
    floatTensor('alpha', [], new Float32Array([1 / Math.sqrt(dk)])),
    shapeTensor('split', [n, heads, dk]),
    shapeTensor('merge', [1, n, d]),
    node('MatMul', ['X', 'Wq'], 'Q'),
    node('MatMul', ['X', 'Wk'], 'K'),
    node('MatMul', ['X', 'Wv'], 'V'),
    node('Reshape', ['Q', 'split'], 'Q3'),
    node('Transpose', ['Q3'], 'Qh', [attrInts('perm', [1, 0, 2])]),
    node('Reshape', ['K', 'split'], 'K3'),
    node('Transpose', ['K3'], 'Kt', [attrInts('perm', [1, 2, 0])]),
    node('Reshape', ['V', 'split'], 'V3'),
    node('Transpose', ['V3'], 'Vh', [attrInts('perm', [1, 0, 2])]),
    node('MatMul', ['Qh', 'Kt'], 'S'),
    node('Mul', ['S', 'alpha'], 'Ss'),
    node('Softmax', ['Ss'], 'P', [attrInt('axis', -1)]),
    node('MatMul', ['P', 'Vh'], 'C'),
    node('Transpose', ['C'], 'Ct', [attrInts('perm', [1, 0, 2])]),
    node('Reshape', ['Ct', 'merge'], 'Cm'),
    node('MatMul', ['Cm', 'Wo'], 'Y'),
  ];
}

// MultiHeadAttention's inputs: query, key, value [batch, n, d] (bias, masks and past state
// left out); the scale defaults to 1/√(d/num_heads)
function mha({ d, heads, w }) {
  return [
    ...projections(w, d),
    node('MatMul', ['X', 'Wq'], 'Q'),
    node('MatMul', ['X', 'Wk'], 'K'),
    node('MatMul', ['X', 'Wv'], 'V'),
    msNode('MultiHeadAttention', ['Q', 'K', 'V'], 'C', [attrInt('num_heads', heads)]),
    node('MatMul', ['C', 'Wo'], 'Y'),
  ];
}

// Attention's inputs: input [batch, n, d], the merged weights [d, 3d] (W_Q, W_K, W_V side by
// side in each row) and the merged bias [3d] (zero here)
function attention({ d, heads, w }) {
  const qkv = new Float32Array(3 * d * d);
  for (let r = 0; r < d; r++) for (let m = 0; m < 3; m++) qkv.set(w[m].subarray(r * d, (r + 1) * d), r * 3 * d + m * d);
  return [
    floatTensor('Wqkv', [d, 3 * d], qkv),
    floatTensor('bias', [3 * d], new Float32Array(3 * d)),
    floatTensor('Wo', [d, d], w[3]),
    msNode('Attention', ['X', 'Wqkv', 'bias'], 'C', [attrInt('num_heads', heads)]),
    node('MatMul', ['C', 'Wo'], 'Y'),
  ];
}

export const ATTENTION_GRAPHS = { composed, mha, attention };

// formulation: one of the keys of ATTENTION_GRAPHS
export const attentionModel = (inputs, formulation = 'composed') =>
  model(inputs, ATTENTION_GRAPHS[formulation](inputs));
