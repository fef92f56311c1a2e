#!/usr/bin/env python3
"""
Writes the vector-set vectors (issue 26 item 6) into src/core/vector-set/vectors/: each file is one
vector set in a published form, wrapped with the result this verifier must reach for it.

The sets are written here, not copied: they take the values of the published files (the reference
kit's merkle-vectors.json, chain-vectors.json and chain-vectors-v07.json; the independent Perl
port's vectors/extra-vectors.json; a demo repository's fixture file with `cases`) and rebuild
them with Python's own hashlib, base64 and json, independent of the TypeScript under test. Every
root and digest the published files state is asserted below.

Each file: {"description", "spec", "expect": {"verdict", "reading06", "rows": {name: agreement},
"checks": [...]}, "document": <the set>}.

Run: python3 test/generators/vector-sets.py [--out FOLDER]
(--out writes elsewhere; test/generators.test.ts uses it to check the committed files.)
"""
import base64
import copy
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "src", "core", "vector-set", "vectors")
if "--out" in sys.argv:
    OUT = sys.argv[sys.argv.index("--out") + 1]
ZEROS = "0" * 64


def sha(data):
    return hashlib.sha256(data).digest()


def b64(data):
    return base64.b64encode(data).decode()


# ---- Merkle (spec §3.3 receipt-id-v0, the kit's _merkle_root_canonical) ----------------------

def root_of(leaves):
    if not leaves:
        return hashlib.sha256(b"").hexdigest()
    level = list(leaves)
    while len(level) > 1:
        if len(level) % 2:
            level.append(level[-1])
        level = [sha(level[i] + level[i + 1]) for i in range(0, len(level), 2)]
    return level[0].hex()


def id_root(ids):
    return root_of([sha(i.encode("utf-8")) for i in ids])


IDS = [
    "e80168eb-a6a1-4ec9-8478-ac108f9397ff",
    "514fe841-bbdd-4804-9ef4-6828842d8763",
    "a090bdad-f2cf-48c9-bc89-e9e17700fb15",
    "bf88a036-416b-456a-8e82-8c0991811d68",
    "ae795bf0-27f8-4cf2-8aef-3f8142b77217",
]
RECEIPT_HASHES = [
    "11c3a071051a42cbf5cf4da60a7577b1dffeb0419e6dd8a258b19c4c0d0d108e",
    "68e3bcad3f46218672fd7ef7bf32f4a7089937dda2b8ade3cfe1050cec856285",
    "3da48b2d392fb79ed78f7ed0cc8e6c122fc1089947ff6d7f829748d7745840dd",
    "0f024f209392b918909df5478aadd3a9189520d74cfdf78e2ccf51b9f075f926",
    "f52d9c03605047ad0ac347e5e9cbc0e2e197a009d8ee5c7d775f86f360eca963",
]
# The spec's §3.4 roots.
WORKED_ROOT = "7c4817ca249edfeae259b98abf63ed38a31d9dbeebf5ee23139410a7a7f63b37"
assert id_root(IDS) == WORKED_ROOT
assert id_root(IDS[:3]) == "4860e25bbc8dba2382887cb08ccaf6cd88434bbda5aeda45c6a8373bb15f63e4"
assert id_root(IDS[::-1]) == "362530ecc354e40c5787139705ca6d85af1354a4b6af83ee9c3a16cb66b8a66c"
assert id_root(IDS[:1]) == "609eb71e8855515d3d1988f17c714429b4433cfbd8a837f22182652d22ae1f51"
assert id_root(IDS + IDS[4:]) == WORKED_ROOT
LEGACY_PREIMAGES = ["%d:%s" % (i + 1, h) for i, h in enumerate(RECEIPT_HASHES)]
LEGACY_ROOT = root_of([sha(p.encode("utf-8")) for p in LEGACY_PREIMAGES])
assert LEGACY_ROOT == "a4b2fcb4684cec481e4ece889ed15c7d9e47e58d9ba4fb02ea354c0cb2ca44c4"

MERKLE_SET = {
    "vectors": [
        {"name": "single-leaf", "receipt_ids": IDS[:1], "expected_root": id_root(IDS[:1])},
        {"name": "three-leaves-odd-level", "receipt_ids": IDS[:3], "expected_root": id_root(IDS[:3])},
        {
            "name": "worked-example-five-leaves",
            "receipt_ids": IDS,
            "expected_root": WORKED_ROOT,
            "expected_workflow_verdict": "valid",
        },
        {
            "name": "order-matters",
            "receipt_ids": IDS[::-1],
            "expected_root": id_root(IDS[::-1]),
            "must_not_equal": WORKED_ROOT,
        },
        {
            "name": "mm-1-duplicate-last-id",
            "receipt_ids": IDS + IDS[4:],
            "expected_root": WORKED_ROOT,
            "expected_workflow_verdict": "invalid",
            "rejected_by": "duplicate receipt_id",
        },
        {
            "name": "legacy-seq-receipt-hash",
            "leaves": [{"seq": i + 1, "preimage": p} for i, p in enumerate(LEGACY_PREIMAGES)],
            "expected_root": LEGACY_ROOT,
            "must_not_equal": WORKED_ROOT,
        },
    ]
}

# A set of the kit's form written for this suite: beside a vector it decides, one it cannot (a
# workflow naming a Merkle construction the verifier does not know can be neither valid nor
# invalid here), so the set is incomplete.
WORKED_STEPS = [{"seq": i + 1, "receipt_id": r} for i, r in enumerate(IDS)]
UNDECIDED_SET = {
    "vectors": [
        {
            "name": "receipt-id-v0-worked-example",
            "workflow": {"steps": WORKED_STEPS, "merkle_root": WORKED_ROOT},
            "expected_verdict": "valid",
        },
        {
            "name": "unknown-construction",
            "workflow": {
                "steps": WORKED_STEPS,
                "merkle_root": WORKED_ROOT,
                "merkle_version": "seq-output-v9",
            },
            "expected_verdict": "valid",
        },
    ]
}

# ---- chains (spec §4; the kit's verify_chain for -06, verify_chain_v07 for -07) ---------------

JOB = "job-7a1f"


def payload(k, tag="r"):
    return ('{"job":"%s","entry":%d,"tag":"%s"}' % (JOB, k, tag)).encode()


def digest07(e):
    raw = base64.b64decode(e["canonical_bytes"], validate=True)
    p = {
        "close": e.get("close", False),
        "id": e["id"],
        "job_id": e["job_id"],
        "output_hash": hashlib.sha256(raw).hexdigest(),
        "prev_digest": e["prev_digest"],
        "provenance_class": e["provenance_class"],
        "seq": int(e["seq"]),
        "tool": e["tool"],
    }
    return hashlib.sha256(json.dumps(p, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def digest06(e):
    return hashlib.sha256(base64.b64decode(e["canonical_bytes"], validate=True)).hexdigest()


def relink(entries, fn, start=1):
    for i in range(start, len(entries)):
        entries[i]["prev_digest"] = fn(entries[i - 1])
    return entries


def worked(tool=True):
    entries = []
    for k in range(5):
        e = {"id": "r-%s-%d" % (JOB, k), "job_id": JOB, "seq": k + 1}
        if tool:
            e["tool"] = "price_lookup"
        e.update({
            "provenance_class": "LOGGED BY AGENT",
            "canonical_bytes": b64(payload(k)),
            "prev_digest": ZEROS,
        })
        if k == 4:
            e["close"] = True
        entries.append(e)
    return relink(entries, digest07 if tool else digest06)


V07 = worked()
assert digest07(V07[4]) == "79b1e2e26842e7a49f7d0c0606e795c08d84d3877bb95988492601b7451074b0"
V06 = worked(tool=False)


def chain06(change=None):
    entries = copy.deepcopy(V06)
    if change:
        entries = change(entries)
    return entries


def truncated(entries):
    return entries[:4]


def close_string(entries):
    entries[4]["close"] = "true"
    return entries


def tampered(entries):
    entries[2]["canonical_bytes"] = b64(payload(2, tag="x"))
    return entries


def bad_genesis06(entries):
    entries[0]["prev_digest"] = "1" * 64
    return entries


CHAIN06_SET = {
    "vectors": [
        {"name": "chain-valid", "timeline": chain06(), "expected_verdict": "valid"},
        {"name": "chain-truncated-no-close", "timeline": chain06(truncated), "expected_verdict": "invalid"},
        {"name": "chain-close-wrong-type", "timeline": chain06(close_string), "expected_verdict": "invalid"},
        {"name": "chain-tampered-bytes", "timeline": chain06(tampered), "expected_verdict": "invalid"},
        {"name": "chain-bad-genesis", "timeline": chain06(bad_genesis06), "expected_verdict": "invalid"},
        # The kit reads "entries" when "timeline" is absent.
        {"name": "chain-empty", "entries": [], "expected_verdict": "invalid"},
    ]
}


def v07(change):
    entries = copy.deepcopy(V07)
    return change(entries)


def relabelled_tool(entries):
    entries[2]["tool"] = "price_lookup_v2"
    return entries


def close_early(entries):
    entries[2]["close"] = True
    del entries[4]["close"]
    return relink(entries, digest07, 3)


def seq_gap(entries):
    for e in entries[2:]:
        e["seq"] += 1
    return relink(entries, digest07, 3)


def mixed_job(entries):
    entries[3]["job_id"] = "job-other"
    return relink(entries, digest07, 4)


def bad_genesis07(entries):
    entries[0]["prev_digest"] = "1" * 64
    return relink(entries, digest07)


CHAIN07_SET = {
    "vectors": [
        {"name": "v07-valid", "timeline": copy.deepcopy(V07), "expected_verdict": "valid"},
        {"name": "v07-bad-genesis", "timeline": v07(bad_genesis07), "expected_verdict": "invalid"},
        {"name": "v07-relabelled-tool", "timeline": v07(relabelled_tool), "expected_verdict": "invalid"},
        {"name": "v07-close-before-last", "timeline": v07(close_early), "expected_verdict": "invalid"},
        {"name": "v07-seq-gap", "timeline": v07(seq_gap), "expected_verdict": "invalid"},
        {"name": "v07-mixed-job", "timeline": v07(mixed_job), "expected_verdict": "invalid"},
        # "-06 chains do not verify under -07 rules".
        {"name": "v07-rejects-06-chain", "timeline": chain06(), "expected_verdict": "invalid"},
    ]
}

# ---- the Perl port's extra vectors (its tools/make_extra.py, rebuilt) ---------------------------

MINIMAL = {
    "id": "b6c63ac5-f324-4fa7-ad58-c4bf83faa86a",
    "receipt_schema_version": "0.3",
    "created_at": "2026-09-27T09:00:00.000Z",
    "tool": {"name": "live_price", "version": "4.0.0", "scope": "public"},
    "provenance_class": "EXECUTED BY ZAMBO",
    "canonical_bytes": "eyJ0b29sIjoibGl2ZV9wcmljZSIsImlucHV0cyI6eyJwYWlyIjoiQlRDL1VTRCJ9LCJvdXRwdXRzIjp7InByaWNlX3VzZCI6OTc0MTIuNTV9LCJtcyI6MTA4fQ==",
    "output_hash": "sha256:c2258bdf9c34813a70166bc0e2d79b167f22f51a0adb67e218b5c868b911dca7",
    "verification_status": "verified",
}
assert "sha256:" + hashlib.sha256(base64.b64decode(MINIMAL["canonical_bytes"])).hexdigest() == MINIMAL["output_hash"]


def receipt_with(data, **over):
    r = copy.deepcopy(MINIMAL)
    r["canonical_bytes"] = b64(data)
    r["output_hash"] = "sha256:" + hashlib.sha256(data).hexdigest()
    r.update(over)
    return r


EXTRA = []


def extra(kind, name, desc, isolates, data, verdict):
    EXTRA.append(dict({"kind": kind, "name": name, "desc": desc, "isolates": isolates}, **data, expected_verdict=verdict))


P = b'{"inputs":{},"outputs":{"x":123},"tool":"t"}'
assert len(P) == 44
unpadded = receipt_with(P)
unpadded["canonical_bytes"] = unpadded["canonical_bytes"].rstrip("=")
assert unpadded["output_hash"] == "sha256:65c8ba373c6115ce04b70e2aaa544f4374d0d5f8e73116a40d9856de5053dc50"
extra("receipt", "x-base64-unpadded", "canonical_bytes with its padding stripped; hash still matches the bytes",
      "strict base64 padding", {"receipt": unpadded}, "invalid")
extra("receipt", "x-feb29-non-leap", "29 February in a non-leap year", "Gregorian leap rule",
      {"receipt": receipt_with(P, created_at="2023-02-29T00:00:00Z")}, "invalid")
extra("receipt", "x-feb29-leap", "29 February in a leap year (control)", "Gregorian leap rule (control)",
      {"receipt": receipt_with(P, created_at="2024-02-29T00:00:00Z")}, "valid")
extra("receipt", "x-feb29-1900", "1900 is not a leap year (century rule)", "century leap rule",
      {"receipt": receipt_with(P, created_at="1900-02-29T00:00:00Z")}, "invalid")
extra("receipt", "x-fraction-one-digit",
      "created_at with a one-digit fraction; RFC 3339 allows 1*DIGIT (reference: valid on Python 3.11+, rejected on 3.10 and earlier)",
      "RFC 3339 fractional seconds, any digit count",
      {"receipt": receipt_with(P, created_at="2026-09-23T23:45:20.7Z")}, "valid")
empty_name = receipt_with(P)
empty_name["tool"] = dict(empty_name["tool"], name="")
extra("receipt", "x-tool-empty-name", "tool.name is an empty string", "non-empty tool strings",
      {"receipt": empty_name}, "invalid")


def x_entry(i, job, prev, tool="price_lookup", close=None):
    # The port writes the payload with json.dumps' default separators (spaces after , and :).
    e = {"id": "r-%s-%d" % (job, i), "seq": i + 1, "job_id": job, "tool": tool, "provenance_class": "LOGGED BY AGENT",
         "canonical_bytes": b64(json.dumps({"job": job, "entry": i}).encode()), "prev_digest": prev}
    if close is not None:
        e["close"] = close
    return e


extra("chain", "x-genesis-single",
      "One closed entry whose prev_digest is not the zero digest: only the genesis rule can reject it",
      "genesis rule, isolated", {"timeline": [x_entry(0, "job-x1", "1" * 64, close=True)]}, "invalid")


def x_build(job, tool, digest_fn, n=3):
    tl, prev = [], ZEROS
    for i in range(n):
        e = x_entry(i, job, prev, tool=tool, close=True if i == n - 1 else None)
        tl.append(e)
        prev = digest_fn(e)
    return tl


def draft_literal_digest(e):
    """The draft text read literally: only non-ASCII escaped as \\uXXXX, so U+007F stays literal."""
    raw = base64.b64decode(e["canonical_bytes"], validate=True)
    p = {"prev_digest": e["prev_digest"], "seq": e["seq"], "job_id": e["job_id"], "close": e.get("close", False),
         "id": e["id"], "tool": e["tool"], "provenance_class": e["provenance_class"],
         "output_hash": hashlib.sha256(raw).hexdigest()}
    s = json.dumps(p, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    out = []
    for ch in s:
        n = ord(ch)
        if n > 0x7F:
            if n > 0xFFFF:
                m = n - 0x10000
                out.append("\\u%04x\\u%04x" % (0xD800 | (m >> 10), 0xDC00 | (m & 0x3FF)))
            else:
                out.append("\\u%04x" % n)
        else:
            out.append(ch)
    return hashlib.sha256("".join(out).encode()).hexdigest()


ODD_TOOL, ODD_JOB = "t\u00e9st\u007ftool", "job-\u20ac\nline"
reference_chain = x_build(ODD_JOB, ODD_TOOL, digest07)
assert [e["prev_digest"] for e in reference_chain[1:]] == [
    "8619a38b94f8e05d8de9b3fc6ad4a4070e219a3389c985e90fae1387b98a5a6e",
    "3801fa55838c96c489064bc12633f9b5fae11b9f3ae239a3c362554800a0a436",
]
extra("chain", "x-encoding-reference",
      "Links computed with the reference encoding: lowercase \\u hex, \\n short escape, U+007F escaped",
      "Section 7.1 string escaping", {"timeline": reference_chain}, "valid")
literal_chain = x_build(ODD_JOB, ODD_TOOL, draft_literal_digest)
assert [e["prev_digest"] for e in literal_chain[1:]] == [
    "f86a8186a7f7be1b78a10f29ee10ec8c93ffa73cf987c119e9274a2997e08249",
    "ed8eeee3af5e5d1df2962634c3ed75caf6f610530898667c15a9025965bad6a5",
]
extra("chain", "x-encoding-draft-literal",
      "Same chain, links computed by the draft text read literally (U+007F left unescaped as ASCII)",
      "draft text vs reference on U+007F", {"timeline": literal_chain}, "invalid")
commitment = {"job_id": JOB, "final_entry_digest": digest07(V07[4]), "entry_count": 5.0,
              "published_at": "2026-10-01T18:30:00Z"}
extra("commitment", "x-entry-count-float", "entry_count written as a float with an integer value",
      "entry_count must be an integer, not 5.0",
      {"timeline": [{k: v for k, v in e.items()} for e in V07], "commitment": commitment}, "invalid")
EXTRA_SET = {"spec": "draft-zambo-aer1-09", "reference": "aer-1/conformance.py @ 2307a7fd", "vectors": EXTRA}

# ---- a demo repository's fixture file: `cases` with valid and expected_failure --------------------

RAW = ('{"tool":"live_price","inputs":{"pair":"BTC/USD"},"outputs":{"price_usd":97412.55},"ms":108}').encode()
raw_json = dict(copy.deepcopy(MINIMAL), canonical_bytes=RAW.decode(),
                output_hash="sha256:" + hashlib.sha256(RAW).hexdigest())
FIXTURE_SET = {
    "cases": [
        {"name": "minimal-valid", "receipt": MINIMAL, "valid": True},
        # The fixture's own mistake: raw JSON text where the format wants base64.
        {"name": "raw-json-canonical-bytes", "receipt": raw_json, "valid": True},
        {"name": "tampered-output-hash",
         "receipt": dict(copy.deepcopy(MINIMAL), output_hash="sha256:" + "1" * 64),
         "valid": False, "expected_failure": "output_hash does not match"},
        {"name": "uppercase-id",
         "receipt": dict(copy.deepcopy(MINIMAL), id=MINIMAL["id"].upper()),
         "valid": False, "expected_failure": "lowercase UUID"},
    ]
}

# ---- the files ---------------------------------------------------------------------------------


def rows(agreements):
    return dict(agreements)


def vector_check(name, status):
    return {"rule": "vector-set.vector", "status": status, "subject": name}


FILES = {
    "kit-merkle-vectors": {
        "description": "The reference kit's merkle-vectors.json form: receipt_ids with expected_root (a bare "
        "root claim, built as the kit builds it), expected_workflow_verdict with rejected_by for the MM-1 "
        "duplicate, must_not_equal, and a legacy-construction vector of leaf preimages. Its root is the same "
        "tree over leaves SHA-256(preimage), a construction the verifier knows (it names a workflow root made "
        "that way), so it is decided: it agrees, and the root is still never accepted as a workflow's.",
        "spec": "§3.3 receipt-id-v0; §3.2 MM-1",
        "expect": {
            "verdict": "verified",
            "reading06": False,
            "rows": {
                "single-leaf": "agrees",
                "three-leaves-odd-level": "agrees",
                "worked-example-five-leaves": "agrees",
                "order-matters": "agrees",
                "mm-1-duplicate-last-id": "agrees",
                "legacy-seq-receipt-hash": "agrees",
            },
            "checks": [vector_check("mm-1-duplicate-last-id", "pass"),
                       vector_check("legacy-seq-receipt-hash", "pass")],
        },
        "document": MERKLE_SET,
    },
    "undecided-construction": {
        "description": "The kit's vectors form, written for this suite: a workflow under receipt-id-v0 that "
        "verifies, and the same workflow naming a Merkle construction this verifier does not know "
        "(seq-output-v9), which it can neither confirm nor refute: that vector is not decided, and the set is "
        "incomplete, never verified.",
        "spec": "§3.3 dispatch",
        "expect": {
            "verdict": "incomplete",
            "reading06": False,
            "rows": {
                "receipt-id-v0-worked-example": "agrees",
                "unknown-construction": "undecided",
            },
            "checks": [vector_check("unknown-construction", "unavailable")],
        },
        "document": UNDECIDED_SET,
    },
    "kit-chain-vectors-06": {
        "description": "The reference kit's chain-vectors.json form (-06 chains: no tool, each digest the SHA-256 "
        "of the bytes alone, the last entry closed). Every chain lacks tool, so it is read as a -06 set: each "
        "expectation is compared with the historical -06 label, close rule included (chain-truncated-no-close "
        "and chain-close-wrong-type would not have verified under -06).",
        "spec": "§4.4 historical (-06)",
        "expect": {
            "verdict": "verified",
            "reading06": True,
            "rows": {v["name"]: "agrees" for v in CHAIN06_SET["vectors"]},
            "checks": [vector_check("chain-truncated-no-close", "pass"),
                       vector_check("chain-close-wrong-type", "pass")],
        },
        "document": CHAIN06_SET,
    },
    "kit-chain-vectors-v07": {
        "description": "The reference kit's chain-vectors-v07.json form: the current chain rules, including a -06 "
        "chain that must not verify under them.",
        "spec": "§4.2, §4.3",
        "expect": {
            "verdict": "verified",
            "reading06": False,
            "rows": {v["name"]: "agrees" for v in CHAIN07_SET["vectors"]},
            "checks": [vector_check("v07-rejects-06-chain", "pass")],
        },
        "document": CHAIN07_SET,
    },
    "perl-extra-vectors": {
        "description": "The independent Perl port's vectors/extra-vectors.json form (kind, name, desc, isolates, "
        "the document, expected_verdict from the reference runner), with its values: padding, leap rules, "
        "fraction digits, tool strings, genesis, the chain digest's escaping, entry_count 5.0.",
        "spec": "§2.1, §4.2, §4.5",
        "expect": {
            "verdict": "verified",
            "reading06": False,
            "rows": {v["name"]: "agrees" for v in EXTRA},
            "checks": [vector_check("x-encoding-reference", "pass"),
                       vector_check("x-entry-count-float", "pass")],
        },
        "document": EXTRA_SET,
    },
    "fixture-cases": {
        "description": "A demo repository's fixture file: cases with valid and expected_failure. One case puts raw "
        "JSON text in canonical_bytes and expects valid: the row says the set expects valid and the format says "
        "base64, so the set disagrees.",
        "spec": "§2.1 canonical_bytes",
        "expect": {
            "verdict": "failed",
            "reading06": False,
            "rows": {
                "minimal-valid": "agrees",
                "raw-json-canonical-bytes": "disagrees",
                "tampered-output-hash": "agrees",
                "uppercase-id": "agrees",
            },
            "checks": [
                {
                    "rule": "vector-set.vector",
                    "status": "fail",
                    "message": "raw-json-canonical-bytes: the set expects valid; this verifier finds: "
                    "canonical_bytes is not valid base64",
                }
            ],
        },
        "document": FIXTURE_SET,
    },
}

CHECK_MEMBERS = ("rule", "message", "messageStartsWith", "path", "subject", "expected", "found")


def vector_file(content):
    """The set as a vector in the one format (src/conformance/vector-file.ts)."""
    e = content["expect"]
    expect = {"verdict": e["verdict"], "kind": "vector-set"}
    checks = [dict([("status", c["status"])] + [(k, c[k]) for k in CHECK_MEMBERS if k in c]) for c in e.get("checks", [])]
    if checks:
        expect["checks"] = checks
    expect["details"] = {
        "reading06": e["reading06"],
        "rows": [{"name": name, "agreement": agreement} for name, agreement in e["rows"].items()],
    }
    out = {"description": content["description"]}
    if "spec" in content:
        out["spec"] = content["spec"]
    # The suite's clock, after every receipt the sets carry.
    out["now"] = "2026-11-29T00:00:00Z"
    out["expect"] = expect
    out["document"] = content["document"]
    return out


os.makedirs(OUT, exist_ok=True)
for name, content in FILES.items():
    with open(os.path.join(OUT, name + ".json"), "w", encoding="utf-8") as f:
        f.write(json.dumps(vector_file(content), indent=1) + "\n")
print("wrote %d vector sets" % len(FILES))
