// Side-by-side search benchmark: amplify_memory (Python in Pyodide) and Orama (JavaScript)
// on the same data, in the same page. Driven by bench/search_browser.py.
import { bootPython } from '../web/js/runtime.mjs';
import { create, insertMultiple, search, save, load } from './node_modules/@orama/orama/dist/browser/index.js';
import { stopwords as englishStopwords } from './node_modules/@orama/stopwords/dist/en.js';

const data = {};
let runtime;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
const bytes = (s) => new Blob([s]).size;
const lines = (text) => text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));

async function fetchText(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r.text();
}

window.bench = {
  async boot() {
    runtime = await bootPython({ base: new URL('../web/', location.href) });
    return runtime.timings;
  },

  /** Fetch a collection from /data/<name>/ and hand it to both engines. */
  async loadCollection(name) {
    const corpus = lines(await fetchText(`../data/${name}/corpus.jsonl`));
    const queries = lines(await fetchText(`../data/${name}/queries.jsonl`));
    const docs = corpus.map((d) => ({ id: String(d._id), text: `${d.title ?? ''} ${d.text ?? ''}`.trim() }));
    Object.assign(data, { docs, queries });
    const docsJson = JSON.stringify(docs);
    runtime.pyodide.globals.set('BENCH_DOCS_JSON', docsJson);
    runtime.pyodide.globals.set('BENCH_QUERIES_JSON', JSON.stringify(queries));
    return { docs: docs.length, queries: queries.length, corpusJsonBytes: bytes(docsJson) };
  },

  /** Orama 3.1.18 on the loaded collection. `stop` adds @orama/stopwords English. */
  async orama({ stop = false, limit = 10 } = {}) {
    const options = () => ({
      schema: { id: 'string', text: 'string' },
      ...(stop ? { components: { tokenizer: { stopWords: englishStopwords } } } : {}),
    });
    let t = performance.now();
    const db = create(options());
    await insertMultiple(db, data.docs);
    const indexMs = performance.now() - t;

    const latencies = [];
    const rankings = {};
    for (const q of data.queries) {
      t = performance.now();
      const r = await search(db, { term: q.text, limit });
      latencies.push(performance.now() - t);
      rankings[q._id] = r.hits.map((h) => h.id);
    }
    t = performance.now();
    const snapshot = JSON.stringify(save(db));
    const saveMs = performance.now() - t;
    t = performance.now();
    const db2 = create(options());
    load(db2, JSON.parse(snapshot));
    await search(db2, { term: data.queries[0].text, limit });
    const loadToFirstMs = performance.now() - t;
    return {
      indexMs, saveMs, loadToFirstMs, snapshotBytes: bytes(snapshot),
      queryP50Ms: median(latencies), queryP95Ms: pct(latencies, 95), rankings,
    };
  },

  /** amplify_memory in Pyodide on the loaded collection; timing done in Python. */
  async amplify({ limit = 10 } = {}) {
    const code = `
import json, time
from amplify_memory.search import Database
docs = json.loads(BENCH_DOCS_JSON)
queries = json.loads(BENCH_QUERIES_JSON)
t = time.perf_counter()
db = Database({"id": "string", "text": "string"})
db.insert_multiple(docs)
index_ms = (time.perf_counter() - t) * 1000
lat, rankings = [], {}
for q in queries:
    t = time.perf_counter()
    r = db.search(term=q["text"], limit=${limit})
    lat.append((time.perf_counter() - t) * 1000)
    rankings[q["_id"]] = [h.id for h in r.hits]
t = time.perf_counter()
snapshot = json.dumps(db.save(), separators=(",", ":"))
save_ms = (time.perf_counter() - t) * 1000
t = time.perf_counter()
db2 = Database.from_snapshot(json.loads(snapshot))
db2.search(term=queries[0]["text"], limit=${limit})
load_ms = (time.perf_counter() - t) * 1000
lat.sort()
json.dumps({"indexMs": index_ms, "saveMs": save_ms, "loadToFirstMs": load_ms,
            "snapshotBytes": len(snapshot.encode()),
            "queryP50Ms": (lat[len(lat) // 2] + lat[(len(lat) - 1) // 2]) / 2,
            "queryP95Ms": lat[min(len(lat) - 1, -(-95 * len(lat) // 100) - 1)],
            "rankings": rankings})
`;
    return JSON.parse(await runtime.pyodide.runPythonAsync(code));
  },
};

document.getElementById('status').textContent = 'bench ready';
window.benchReady = true;
