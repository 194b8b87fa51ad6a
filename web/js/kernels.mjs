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
    // four running sums (a third faster than one here: the loop is bound by their chain);
    // they round apart from Python's sum by ~1e-16, within the check at boot
    const whole = dim - (dim % 4);
    for (let i = 0, base = 0; i < rows; i++, base += dim) {
      const rowNorm = n[i];
      if (rowNorm === 0) {
        o[i] = -Infinity;
        continue;
      }
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let j = 0;
      for (; j < whole; j += 4) {
        s0 += m[base + j] * q[j];
        s1 += m[base + j + 1] * q[j + 1];
        s2 += m[base + j + 2] * q[j + 2];
        s3 += m[base + j + 3] * q[j + 3];
      }
      for (; j < dim; j++) s0 += m[base + j] * q[j];
      o[i] = (s0 + s1 + (s2 + s3)) / rowNorm;
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

// fuseTop(docs, tfs, starts, weights, lengths, norms, cosines, dropped, params, rows, scores,
// result):
// the fusion contract of amplify_memory.search._vector (python_fuse): a hybrid search's
// BM25 sums, fusion and top in one call. Posting list i is docs/tfs (array("i")) from
// starts[i] to starts[i + 1], weighing weights[i]; lengths (array("i")) and norms
// (array("d"), by length) give BM25's length norm; params = (k1 + 1, similarity, text
// weight, vector weight); cosines (array("d")) has a score per document; the documents
// numbered in dropped (array("i"): removed, an index may still point at them) match
// nothing. The text sums,
// the maxima and the fused scores are the same operations in the same order as Python's
// (so the same numbers, bit for bit). Writes the best rows.length matches (fused score,
// then document number) to rows and scores; result[0] = the matches (text or vector),
// result[1] = the rows written.
// fuseTop's sums and marks, kept between calls (a new pair of a store's size per search
// made the collector run often) and cleared for each
let scratch = [new Float64Array(0), new Uint8Array(0)];
function fuseScratch(n) {
  if (scratch[0].length < n) scratch = [new Float64Array(n), new Uint8Array(n)];
  scratch[0].fill(0, 0, n);
  scratch[1].fill(0, 0, n);
  return scratch;
}

export function fuseTop(docs, tfs, starts, weights, lengths, norms, cosines, dropped, params, rows,
  scores, result) {
  withBuffers((view) => {
    const d32 = view(docs, 'i32');
    const f32 = view(tfs, 'i32');
    const s32 = view(starts, 'i32');
    const w = view(weights);
    const len = view(lengths, 'i32');
    const nrm = view(norms);
    const cos = view(cosines);
    const gone = view(dropped, 'i32');
    const p = view(params);
    const outRows = view(rows, 'i32');
    const outScores = view(scores);
    const out = view(result);
    const n = cos.length;
    const lists = w.length;
    if (s32.length !== lists + 1 || p.length !== 4 || out.length < 2 || len.length < n
        || outScores.length < outRows.length || d32.length !== f32.length
        || s32[0] !== 0 || s32[lists] !== d32.length) {
      throw new RangeError(
        `fuseTop: inconsistent arrays (${lists} lists, ${s32.length} starts, ${d32.length} ` +
          `postings, ${f32.length} frequencies, ${n} documents, ${len.length} lengths)`,
      );
    }
    const [k1p1, similarity, wText, wVec] = p;
    const [text, hit] = fuseScratch(n);
    for (let i = 0; i < lists; i++) {
      const weight = w[i];
      const end = s32[i + 1];
      if (s32[i] > end) throw new RangeError(`fuseTop: list ${i} ends before it starts`);
      for (let j = s32[i]; j < end; j++) {
        const d = d32[j];
        if (!(d >= 0 && d < n)) throw new RangeError(`fuseTop: document ${d} of ${n}`);
        const tf = f32[j];
        const norm = nrm[len[d]];
        if (norm === undefined) throw new RangeError(`fuseTop: no norm for length ${len[d]}`);
        text[d] = text[d] + weight * ((tf * k1p1) / (tf + norm));
        hit[d] = 1;
      }
    }
    for (let i = 0; i < gone.length; i++) {
      const d = gone[i];
      if (!(d >= 0 && d < n)) throw new RangeError(`fuseTop: removed document ${d} of ${n}`);
      hit[d] = 2; // (matches nothing)
    }
    let textMax = -Infinity;
    let vecMax = -Infinity;
    for (let d = 0; d < n; d++) {
      if (hit[d] === 2) continue;
      if (hit[d] === 1 && text[d] > textMax) textMax = text[d];
      if (cos[d] >= similarity && cos[d] > vecMax) vecMax = cos[d];
    }
    if (!(textMax > 0)) textMax = 1;
    if (!(vecMax > 0)) vecMax = 1;
    // the best k so far in a heap whose root is the worst of them (lower score, or the
    // same score and a higher document number)
    const k = outRows.length;
    const heapRows = new Int32Array(k);
    const heapScores = new Float64Array(k);
    const worse = (a, b) => heapScores[a] < heapScores[b]
      || (heapScores[a] === heapScores[b] && heapRows[a] > heapRows[b]);
    const swap = (a, b) => {
      const r = heapRows[a]; heapRows[a] = heapRows[b]; heapRows[b] = r;
      const s = heapScores[a]; heapScores[a] = heapScores[b]; heapScores[b] = s;
    };
    let filled = 0;
    let count = 0;
    for (let d = 0; d < n; d++) {
      const c = cos[d];
      const passes = c >= similarity;
      if (hit[d] === 2 || (!hit[d] && !passes)) continue;
      count++;
      const vec = passes ? (wVec * c) / vecMax : 0;
      const fused = hit[d] === 1 ? (wText * text[d]) / textMax + vec : vec;
      if (filled < k) {
        let j = filled++;
        heapRows[j] = d;
        heapScores[j] = fused;
        while (j > 0) {
          const parent = (j - 1) >> 1;
          if (!worse(j, parent)) break;
          swap(j, parent);
          j = parent;
        }
      } else if (k > 0 && fused > heapScores[0]) {  // (a tie loses: its number is higher)
        heapRows[0] = d;
        heapScores[0] = fused;
        let j = 0;
        for (;;) {
          const left = 2 * j + 1;
          if (left >= k) break;
          const right = left + 1;
          const child = right < k && worse(right, left) ? right : left;
          if (!worse(child, j)) break;
          swap(child, j);
          j = child;
        }
      }
    }
    const order = Array.from({ length: filled }, (_, i) => i);
    order.sort((a, b) => heapScores[b] - heapScores[a] || heapRows[a] - heapRows[b]);
    for (let i = 0; i < filled; i++) {
      outRows[i] = heapRows[order[i]];
      outScores[i] = heapScores[order[i]];
    }
    out[0] = count;
    out[1] = filled;
  });
}
