#!/usr/bin/env python3
"""The peers' stack as a baseline for `npm run bench`: what the reference verifiers do with
Python's json, base64 and hashlib (standard library only), nothing more.

  python_reference.py workflow FILE   parse, recompute the receipt-id-v0 Merkle root (spec §3.3)
  python_reference.py receipts FILE   JSON Lines: parse each record, decode canonical_bytes,
                                      compare SHA-256 with output_hash

Exit 0 when everything matches, 1 otherwise.
"""
import base64
import hashlib
import json
import sys


def merkle_root(ids):
    level = [hashlib.sha256(i.encode("utf-8")).digest() for i in ids]
    if not level:
        return hashlib.sha256(b"").hexdigest()
    while len(level) > 1:
        if len(level) % 2 == 1:
            level.append(level[-1])
        level = [hashlib.sha256(level[k] + level[k + 1]).digest() for k in range(0, len(level), 2)]
    return level[0].hex()


def workflow(path):
    with open(path, "rb") as f:
        doc = json.load(f)
    ids = [step["receipt_id"] for step in doc["steps"]]
    return merkle_root(ids) == doc["merkle_root"]


def receipts(path):
    ok = True
    with open(path, "rb") as f:
        for line in f:
            if not line.strip():
                continue
            r = json.loads(line)
            digest = hashlib.sha256(base64.b64decode(r["canonical_bytes"], validate=True)).hexdigest()
            ok = ok and r["output_hash"] == "sha256:" + digest
    return ok


if __name__ == "__main__":
    kind, path = sys.argv[1], sys.argv[2]
    sys.exit(0 if {"workflow": workflow, "receipts": receipts}[kind](path) else 1)
