// Number-crunching loops for amplify_memory, run in JavaScript over Python arrays'
// memory (`import amplify_kernels` in Python; registered by runtime.mjs).
//
// cosineScores(matrix, norms, query, out, dimension): the vector kernel contract of
// amplify_memory.search._vector. `matrix` is a Python array("f") (a store's packed
// vectors, 32-bit floats, `dimension` per row), the other three are array("d"); all are
// reached without copying through PyProxy.getBuffer: out[i] = (query . row i) / norms[i],
// or -Infinity where norms[i] is 0 (no vector). The query is a unit vector, so out[i] is
// the cosine. The sums run in 64-bit floats, as Python's do.

export function cosineScores(matrix, norms, query, out, dimension) {
  const buffers = [];
  const view = (proxy, type = 'f64') => {
    const buffer = proxy.getBuffer(type);
    buffers.push(buffer);
    return buffer.data;
  };
  try {
    const m = view(matrix, 'f32');
    const n = view(norms);
    const q = view(query);
    const o = view(out);
    const dim = dimension | 0;
    const rows = n.length;
    if (q.length !== dim || m.length < rows * dim || o.length < rows) {
      throw new RangeError(
        `cosineScores: ${rows} rows of ${dim} need a matrix of ${rows * dim} numbers, ` +
          `a query of ${dim} and an output of ${rows}; got ${m.length}, ${q.length}, ${o.length}`,
      );
    }
    for (let i = 0, base = 0; i < rows; i++, base += dim) {
      const rowNorm = n[i];
      if (rowNorm === 0) {
        o[i] = -Infinity;
        continue;
      }
      let sum = 0;
      for (let j = 0; j < dim; j++) sum += m[base + j] * q[j];
      o[i] = sum / rowNorm;
    }
  } finally {
    for (const buffer of buffers) buffer.release();
  }
}
