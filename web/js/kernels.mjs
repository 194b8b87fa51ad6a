// Number-crunching loops for amplify_memory, run in JavaScript over Python arrays'
// memory (`import amplify_kernels` in Python; registered by runtime.mjs).
//
// Each kernel reads its Python arrays through `withBuffers`: `view(proxy, type)` is the
// array's memory as a typed array (no copy), released when the kernel returns or throws.
function withBuffers(run) {
  const buffers = [];
  const view = (proxy, type = 'f64') => {
    const buffer = proxy.getBuffer(type);
    buffers.push(buffer);
    return buffer.data;
  };
  try {
    return run(view);
  } finally {
    for (const buffer of buffers) buffer.release();
  }
}

// cosineScores(matrix, norms, query, out, dimension): the vector kernel contract of
// amplify_memory.search._vector. `matrix` is a Python array("f") (a store's packed
// vectors, 32-bit floats, `dimension` per row), the other three are array("d"); all are
// reached without copying through PyProxy.getBuffer: out[i] = (query . row i) / norms[i],
// or -Infinity where norms[i] is 0 (no vector). The query is a unit vector, so out[i] is
// the cosine. The sums run in 64-bit floats, as Python's do.
export function cosineScores(matrix, norms, query, out, dimension) {
  withBuffers((view) => {
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
  });
}

// selectTop(scores, k, floor, indices, result): the selection contract of
// amplify_memory.search._vector (python_select), in one pass over the scores plus one over
// the rows at the top. `scores` and `result` are Python array("d"), `indices` array("i").
// result[0] = how many scores are >= floor; result[1] = kth, the k-th largest score
// (-Infinity when there are fewer than k); result[2] = how many scores are >= kth, whose
// rows are written to `indices` in increasing order when they fit (else nothing is).
export function selectTop(scores, k, floor, indices, result) {
  withBuffers((view) => {
    const s = view(scores, 'f64');
    const rows = view(indices, 'i32');
    const out = view(result, 'f64');
    const n = s.length;
    const size = k | 0;
    if (size < 1 || out.length < 3) {
      throw new RangeError(`selectTop: k must be >= 1 and result hold 3 numbers; got ${k}, ${out.length}`);
    }
    // a min-heap of the `size` largest scores seen so far: heap[0] is the least of them
    const heap = new Float64Array(size);
    let filled = 0;
    let passes = 0;
    for (let i = 0; i < n; i++) {
      const v = s[i];
      if (v >= floor) passes++;
      if (filled < size) {
        let j = filled++;
        heap[j] = v;
        while (j > 0) {
          const parent = (j - 1) >> 1;
          if (heap[parent] <= heap[j]) break;
          const t = heap[parent]; heap[parent] = heap[j]; heap[j] = t;
          j = parent;
        }
      } else if (v > heap[0]) {
        heap[0] = v;
        let j = 0;
        for (;;) {
          const left = 2 * j + 1;
          if (left >= size) break;
          const right = left + 1;
          const child = right < size && heap[right] < heap[left] ? right : left;
          if (heap[j] <= heap[child]) break;
          const t = heap[child]; heap[child] = heap[j]; heap[j] = t;
          j = child;
        }
      }
    }
    const kth = filled === size ? heap[0] : -Infinity;
    let selected = 0;
    for (let i = 0; i < n; i++) if (s[i] >= kth) selected++;
    if (selected <= rows.length) {
      for (let i = 0, j = 0; i < n; i++) if (s[i] >= kth) rows[j++] = i;
    }
    out[0] = passes;
    out[1] = kth;
    out[2] = selected;
  });
}

// rowNorms(matrix, out, dimension): the norms contract of amplify_memory.search._vector
// (python_norms): out[i] = the Euclidean length of row i of `matrix` (array("f"),
// `dimension` numbers per row) for every row of `out` (array("d")), summed in 64-bit
// floats. A store's load computes every row's length at once (100,000 rows of 128: a
// few milliseconds here, where Python needs a call per row).
export function rowNorms(matrix, out, dimension) {
  withBuffers((view) => {
    const m = view(matrix, 'f32');
    const o = view(out, 'f64');
    const dim = dimension | 0;
    const rows = o.length;
    if (dim < 1 || m.length < rows * dim) {
      throw new RangeError(
        `rowNorms: ${rows} rows of ${dim} need a matrix of ${rows * dim} numbers; got ${m.length}`,
      );
    }
    for (let i = 0, base = 0; i < rows; i++, base += dim) {
      let sum = 0;
      for (let j = 0; j < dim; j++) {
        const x = m[base + j];
        sum += x * x;
      }
      o[i] = Math.sqrt(sum);
    }
  });
}
