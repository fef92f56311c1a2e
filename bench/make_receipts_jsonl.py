#!/usr/bin/env python3
"""Writes N valid AER-1 receipts as JSON Lines to PATH (standard library only), for measuring
the command line's --jsonl on inputs larger than npm run bench builds in memory, e.g. the
1 GB file of the performance table:

  python3 bench/make_receipts_jsonl.py 2100000 /tmp/receipts-1gb.jsonl
  python3 bench/measure.py node dist-cli/aer1-verify.mjs --jsonl /tmp/receipts-1gb.jsonl

Each receipt is the shape bench/batch.ts builds (a live_price payload numbered i), written by
an independent implementation: json.dumps, base64 and hashlib, nothing of the verifier's.
"""
import base64
import hashlib
import json
import sys


def receipt(i):
    payload = json.dumps(
        {"tool": "live_price", "inputs": {"pair": "BTC/USD", "i": i}, "outputs": {"price_usd": 97000 + i}},
        separators=(",", ":"),
    ).encode()
    digest = hashlib.sha256(payload).hexdigest()
    uuid = f"{digest[0:8]}-{digest[8:12]}-4{digest[13:16]}-8{digest[17:20]}-{digest[20:32]}"
    return json.dumps(
        {
            "id": uuid,
            "receipt_schema_version": "0.3",
            "created_at": "2026-09-27T09:00:00.000Z",
            "tool": {"name": "live_price", "version": "4.0.0", "scope": "public"},
            "provenance_class": "EXECUTED BY ZAMBO",
            "canonical_bytes": base64.b64encode(payload).decode(),
            "output_hash": "sha256:" + digest,
            "verification_status": "verified",
        },
        separators=(",", ":"),
    )


if __name__ == "__main__":
    count, path = int(sys.argv[1]), sys.argv[2]
    with open(path, "w", encoding="utf-8") as out:
        for i in range(count):
            out.write(receipt(i) + "\n")
