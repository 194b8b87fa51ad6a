"""The table format: round trip, gzip, and clear refusals."""

from __future__ import annotations

import gzip
import json
import struct

import pytest

from amplify_memory.embeddings import (
    TABLE_FORMAT,
    TABLE_VERSION,
    StaticEmbeddingTable,
    TableFormatError,
    decode_table,
    encode_table,
)
from amplify_memory.errors import ConfigurationError

VOCAB = ["[PAD]", "[UNK]", "hot", "tea", "##s"]
ROWS = bytes([0, 0, 0, 1, 2, 255, 3, 4, 128, 0, 5, 127, 1, 1, 1])  # 5 tokens x 3


def tiny() -> bytes:
    return encode_table(model="tiny-d3", vocab=VOCAB, scales=[0.5, 0.25, 2.0], rows=ROWS)


def test_a_table_round_trips() -> None:
    header, vocab, scales, rows = decode_table(tiny())
    assert header["format"] == TABLE_FORMAT
    assert header["version"] == TABLE_VERSION == 1
    assert (header["model"], header["dimension"], header["vocab_size"]) == ("tiny-d3", 3, 5)
    assert vocab == VOCAB
    assert scales == (0.5, 0.25, 2.0)
    assert rows == ROWS


def test_rows_are_signed_bytes() -> None:
    table = StaticEmbeddingTable.from_bytes(tiny())
    assert table.row(2) == [3, 4, -128]
    assert table.row(3) == [0, 5, 127]
    assert table.row(1) == [1, 2, -1]


def test_a_gzipped_table_is_read_the_same() -> None:
    assert decode_table(gzip.compress(tiny())) == decode_table(tiny())


def test_another_version_is_refused_with_the_supported_one_named() -> None:
    data = tiny()
    (n,) = struct.unpack("<I", data[8:12])
    header = json.loads(data[12 : 12 + n])
    header["version"] = 2
    head = json.dumps(header).encode()
    changed = data[:8] + struct.pack("<I", len(head)) + head + data[12 + n :]
    with pytest.raises(TableFormatError, match=r"version 2 is not supported.*version 1"):
        decode_table(changed)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"PK\x03\x04 not a table", "magic"),
        (b"\x1f\x8bgarbage", "cannot be decompressed"),
        (b"AMSTATIC\x05\x00\x00\x00{nope", "not valid JSON"),
    ],
)
def test_bytes_that_are_no_table_are_refused(data: bytes, message: str) -> None:
    with pytest.raises(TableFormatError, match=message):
        decode_table(data)


def test_a_truncated_table_is_refused() -> None:
    with pytest.raises(TableFormatError, match="sha256"):
        decode_table(tiny()[:-1])


def test_the_format_error_is_a_configuration_error() -> None:
    assert issubclass(TableFormatError, ConfigurationError)


def test_rows_of_the_wrong_size_cannot_be_written() -> None:
    with pytest.raises(TableFormatError, match="5 x 3 = 15 bytes"):
        encode_table(model="m", vocab=VOCAB, scales=[1.0, 1.0, 1.0], rows=ROWS[:-1])


def test_the_real_table_is_what_the_issue_asks_for(table: StaticEmbeddingTable) -> None:
    assert table.model == "amplify-static-minilm-d128-v1"
    assert table.dimension == 128
    assert len(table.vocab) == 30522
    assert table.header["source"]["model"] == "sentence-transformers/all-MiniLM-L6-v2"
    assert len(table.header["source"]["weights_sha256"]) == 64
    assert table.header["recipe"]["input"] == "[CLS] token [SEP]"
    assert table.row(table.tokenizer.vocab["[CLS]"]) == [0] * 128
