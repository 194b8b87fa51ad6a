"""The JavaScript vector kernel in the real page: installed at boot, and it ranks exactly
as the pure-Python scoring does (on the same database, switched off and on)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.helpers import RunPython

COMPARE = """
import json, random
from array import array
from amplify_memory.search import Database
from amplify_memory.search._vector import set_vector_kernel, vector_kernel

kernel = vector_kernel()
rng = random.Random(7)
db = Database({"id": "string", "body": "string", "v": "vector[128]", "n": "number"})
words = ["alpha", "beta", "gamma", "delta", "tabs", "react", "python"]
for i in range(300):
    doc = {"id": f"d{i}", "body": " ".join(rng.sample(words, 3)), "n": i % 5}
    if i % 7:
        doc["v"] = [round(rng.gauss(0, 1), 4) for _ in range(128)]
    db.insert(doc)
out = {"kernel": repr(kernel), "rankings": []}
for step in range(4):
    q = [rng.gauss(0, 1) for _ in range(128)]
    queries = [
        {"mode": "vector", "vector": {"value": q}, "similarity": -1.0, "limit": 50},
        {"term": "tabs react", "mode": "hybrid", "vector": {"value": q}, "limit": 50},
        {"mode": "vector", "vector": {"value": q}, "where": {"n": {"eq": 2}}, "similarity": -1.0,
         "limit": 50},
    ]
    for query in queries:
        fast = [(h.id, h.score) for h in db.search(**query).hits]
        set_vector_kernel(None)
        slow = [(h.id, h.score) for h in db.search(**query).hits]
        set_vector_kernel(kernel)
        out["rankings"].append([fast, slow])
    db.remove(f"d{step * 11 + 1}")  # changes between searches: the matrix follows them
    db.patch(f"d{step * 11 + 2}", {"v": [1.0] * 128})
    db.insert({"id": f"new{step}", "body": "tabs", "v": q})
bad = None
try:
    kernel(array("f", [1.0] * 4), array("d", [1.0] * 3), array("d", [1.0, 0.0]),
           array("d", [0.0] * 3), 2)
except Exception as err:
    bad = str(err)
out["bad"] = bad
from amplify_memory.search._vector import python_select
selections = []
for size in (10, 5000):
    scores = array("d", [rng.choice([-1.0, 0.0, 0.25, 0.5, 0.5, 0.75]) + rng.random() * (i % 2)
                         for i in range(size)])
    scores[0] = float("-inf")
    for k, floor, room in ((1, 0.2, 8), (7, 0.5, 8), (64, 0.0, 200), (900, -2.0, 2000),
                           (20000, 0.3, 6000)):
        got = []
        for select in (python_select, kernel.select):
            indices, result = array("i", [-1] * room), array("d", [0.0] * 3)
            select(scores, k, floor, indices, result)
            got.append([list(result), list(indices)])
        selections.append(got)
out["selections"] = selections
out["js_select"] = repr(kernel._selection)
from amplify_memory.search._vector import python_norms
out["js_norms"] = repr(kernel._lengths)
norms = []
for rows, dim in ((1, 1), (37, 3), (2000, 128)):
    matrix = array("f", [round(rng.gauss(0, 1), 3) if rng.random() > 0.1 else 0.0
                         for _ in range(rows * dim)])
    matrix[0:dim] = array("f", [0.0] * dim)  # a row without a vector
    got = []
    for lengths in (python_norms, kernel.norms):
        result = array("d", [-1.0] * rows)
        lengths(matrix, result, dim)
        got.append(list(result))
    norms.append(got)
out["norms"] = norms
try:
    kernel.norms(array("f", [1.0] * 5), array("d", [0.0] * 3), 2)
except Exception as err:
    out["bad_norms"] = str(err)
json.dumps(out)
"""


#: COMPARE with the vector columns in buffers of 37 rows (a store past CHUNK_ROWS is kept
#: in several: the kernel scores each, through views of the norms and the output).
IN_BUFFERS = (
    "import amplify_memory.search._vector as _v\n_kept, _v.CHUNK_ROWS = _v.CHUNK_ROWS, 37\n"
    + COMPARE.replace(
        "\njson.dumps(out)",
        "\n_v.CHUNK_ROWS = _kept\n"
        "out['buffers'] = len(db._state.vectors['v'].chunks)\njson.dumps(out)",
    )
)


@pytest.mark.parametrize("code", [COMPARE, IN_BUFFERS], ids=["one buffer", "buffers of 37 rows"])
def test_the_javascript_kernel_is_installed_and_ranks_as_pure_python(
    python_page: Page, run_python: RunPython, code: str
) -> None:
    out: dict[str, Any] = json.loads(run_python(python_page, code))
    if code is IN_BUFFERS:
        assert out["buffers"] == -(-304 // 37)  # (300, and a new one in each of 4 steps)
    assert out["kernel"] == "<JavaScript amplify_kernels.cosineScores>"
    assert len(out["rankings"]) == 12
    for fast, slow in out["rankings"]:
        assert fast, "every query finds something"
        assert [i for i, _ in fast] == [i for i, _ in slow]
        for (_, a), (_, b) in zip(fast, slow, strict=True):
            assert abs(a - b) < 1e-12
    # the JavaScript selection (the pool of a pruned hybrid search) answers as Python's
    assert "selectTop" in out["js_select"]  # installed: it passed its check at boot
    assert len(out["selections"]) == 10
    for python, javascript in out["selections"]:
        assert javascript == python
    # the JavaScript norms (a store's load computes every row's length at once) are
    # Python's to the last bits that the order of a sum can change
    assert "rowNorms" in out["js_norms"]  # installed: it passed its check at boot
    assert len(out["norms"]) == 3
    for python, javascript in out["norms"]:
        assert javascript[0] == python[0] == 0.0
        pairs = zip(python, javascript, strict=True)
        assert all(abs(a - b) <= 1e-12 * max(1.0, a) for a, b in pairs)
    assert "rowNorms: 3 rows of 2 need a matrix of 6 numbers" in out["bad_norms"]
    # a matrix too short for its rows is refused by the kernel, not read past its end
    assert "cosineScores: 3 rows of 2 need a matrix of 6 numbers" in out["bad"]


FUSION = """
import json, math, random
from array import array
from amplify_memory.search import Database
from amplify_memory.search._vector import python_fuse, set_vector_kernel, vector_kernel

kernel = vector_kernel()
out = {"js_fuse": repr(getattr(kernel, "fuse", None)), "cases": []}
rng = random.Random(11)
for case in range(200):
    n, lists = rng.randint(0, 80), rng.randint(0, 4)
    docs, tfs, starts, weights = array("i"), array("i"), array("i", [0]), array("d")
    for _ in range(lists):
        rows = rng.sample(range(n), rng.randint(0, n))
        docs.extend(rows)
        tfs.extend(rng.randint(1, 4) for _ in rows)
        starts.append(len(docs))
        weights.append(rng.choice([0.4, 1.0, 2.7]))
    lengths = array("i", [rng.randint(0, 6) for _ in range(n)])
    norms = array("d", [rng.random() * 2 for _ in range(7)])
    cosines = array("d", [rng.choice([-math.inf, round(rng.uniform(-1, 1), 1), rng.uniform(-1, 1)])
                          for _ in range(n)])
    params = array("d", [2.2, rng.choice([-1.0, 0.0, 0.3]), rng.choice([0.0, 0.3, 0.5]),
                         rng.choice([0.5, 0.7, 1.0])])
    k = rng.randint(1, 12)
    dropped = array("i", rng.sample(range(n), min(n, rng.choice([0, 0, 1, 3]))))
    got = []
    for fuse in (python_fuse, kernel.fuse):
        rows, scores, result = array("i", [-1] * k), array("d", [0.0] * k), array("d", [0.0, 0.0])
        fuse(docs, tfs, starts, weights, lengths, norms, cosines, dropped, params, rows, scores,
             result)
        got.append([list(rows), [s.hex() for s in scores], list(result)])
    out["cases"].append(got)
try:
    kernel.fuse(array("i", [5]), array("i", [1]), array("i", [0, 1]), array("d", [1.0]),
                array("i", [1] * 3), array("d", [1.0, 1.0]), array("d", [0.0] * 3), array("i"),
                array("d", [2.2, 0.0, 0.5, 0.5]), array("i", [0]), array("d", [0.0]),
                array("d", [0.0, 0.0]))
except Exception as err:
    out["bad"] = str(err)
# a database: the fused search equals the search fused in Python (the same cosines)
class Unfused:
    def __call__(self, *args):
        kernel(*args)
    def select(self, *args):
        kernel.select(*args)
db = Database({"id": "string", "body": "string", "v": "vector[64]"})
words = ["alpha", "beta", "gamma", "delta", "tabs", "react", "python", "tabs"]
for i in range(3000):
    doc = {"id": f"d{i}", "body": " ".join(rng.choices(words, k=rng.randint(1, 6)))}
    if i % 9:
        doc["v"] = [round(rng.gauss(0, 1), 3) for _ in range(64)]
    db.insert(doc)
searches = []
for step in range(6):
    q = [rng.gauss(0, 1) for _ in range(64)]
    query = {"term": rng.choice(["tabs react", "alpha alpha", "python", "nothing"]),
             "properties": ["body"], "mode": "hybrid", "vector": {"value": q},
             "similarity": rng.choice([0.0, 0.1]), "limit": rng.choice([5, 200])}
    fused = db.search(**query)
    set_vector_kernel(Unfused())
    python = db.search(**query)
    set_vector_kernel(kernel)
    db.remove(f"d{step * 7 + 3}")  # (removed documents: the fused path still applies)
    searches.append([[fused.count, [(h.id, h.score.hex()) for h in fused.hits]],
                     [python.count, [(h.id, h.score.hex()) for h in python.hits]]])
out["searches"] = searches
json.dumps(out)
"""


def test_the_javascript_fusion_answers_as_python_bit_for_bit(
    python_page: Page, run_python: RunPython
) -> None:
    out: dict[str, Any] = json.loads(run_python(python_page, FUSION))
    assert "fuseTop" in out["js_fuse"]  # installed: it passed its check at boot
    assert len(out["cases"]) == 200
    assert any(python[2][0] > 0 for python, _ in out["cases"])
    for python, javascript in out["cases"]:
        assert javascript == python
    # a posting past the documents is refused, not read past the arrays' end
    assert "fuseTop: document 5 of 3" in out["bad"]
    assert len(out["searches"]) == 6
    for fused, python in out["searches"]:
        assert fused[1], "every search finds something"
        assert fused == python
