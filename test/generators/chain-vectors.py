#!/usr/bin/env python3
"""
Writes the job-timeline test vectors (spec §4) into src/core/chain/vectors/.

Digests here are computed with Python's own json.dumps(sort_keys=True, separators=(",", ":")),
the reference encoder of §4.2, not with the TypeScript under test: the vectors are an
independent witness. Each vector names the tampering it carries and declares every failing
message the verifier must report (reference wording).

Run: python3 test/generators/chain-vectors.py [--out FOLDER]
(--out writes elsewhere; test/generators.test.ts uses it to check the committed files.)
"""
import base64
import copy
import hashlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "src", "core", "chain", "vectors")
if "--out" in sys.argv:
    OUT = sys.argv[sys.argv.index("--out") + 1]
ZEROS = "0" * 64
JOB = "job-7a1f"


def payload(k, tag="r"):
    return ('{"job":"%s","entry":%d,"tag":"%s"}' % (JOB, k, tag)).encode()


def b64(data):
    return base64.b64encode(data).decode()


def digest(e):
    """§4.2: hex(SHA-256(UTF-8(J(P_i)))), P_i with exactly eight members."""
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
    return hashlib.sha256(json.dumps(p, sort_keys=True, separators=(",", ":")).encode("utf-8")).hexdigest()


def digest06(e):
    return hashlib.sha256(base64.b64decode(e["canonical_bytes"], validate=True)).hexdigest()


def relink(entries, start=1, fn=digest):
    """What a forger does after an edit: recompute every later prev_digest."""
    for i in range(start, len(entries)):
        entries[i]["prev_digest"] = fn(entries[i - 1])
    return entries


def worked_example():
    entries = []
    for k in range(5):
        e = {
            "id": "r-job-7a1f-%d" % k,
            "job_id": JOB,
            "seq": k + 1,
            "tool": "price_lookup",
            "provenance_class": "LOGGED BY AGENT",
            "canonical_bytes": b64(payload(k)),
            "prev_digest": ZEROS,
        }
        if k == 4:
            e["close"] = True
        entries.append(e)
    return relink(entries)


W = worked_example()
DIGESTS = [digest(e) for e in W]
SPEC_DIGESTS = [
    "380d45c6575bdb648e5723adee5a049ff212574d4c6d5dd8ad4cabcc54b6aa56",
    "c225aa2256e7984575f5a664b690f2b06c86abddc528def6164fb1bbb0aa4cba",
    "4c56c96378cea5939ad61d082fff24d075649ca888b0c61308307d14034a204a",
    "5dd618b1b3b904a92261bb747f8c4511b0882e1454fc41f20a59fa5bd0ded778",
    "79b1e2e26842e7a49f7d0c0606e795c08d84d3877bb95988492601b7451074b0",
]
assert DIGESTS == SPEC_DIGESTS, DIGESTS
COMMITMENT = {
    "job_id": JOB,
    "final_entry_digest": DIGESTS[4],
    "entry_count": 5,
    "published_at": "2026-10-01T18:30:00Z",
}


def w():
    return copy.deepcopy(W)


RAW_MARK = "\x00lexeme:"


def raw_number(lexeme):
    """A number written exactly as `lexeme` in the vector file (json.dumps would round it)."""
    return RAW_MARK + lexeme


def write_raw_numbers(text):
    """Replaces each raw_number() string, as json.dumps wrote it, by its lexeme."""
    return re.sub(r'"\\u0000lexeme:([^"]*)"', r"\1", text)


def c(**changes):
    out = dict(COMMITMENT)
    out.update(changes)
    return out


VECTORS = {}


# The suite's clock, after every entry's and commitment's time.
NOW = "2026-10-02T00:00:00Z"
CHECK_MEMBERS = ("rule", "message", "messageStartsWith", "path", "subject", "expected", "found")


def vector(name, description, document, verdict, failures=(), message=None, ensure_ascii=True, **expect):
    """A vector in the one format (src/conformance/vector-file.ts): every failure is listed."""
    json_lines = expect.pop("json_lines", False)
    supplied = expect.pop("supplied", None)
    if message is not None:
        assert message in failures, (name, message)
    checks = [{"status": "fail", "message": m} for m in failures]
    for c in expect.pop("checks", []):
        checks.append(dict([("status", c["status"])] + [(k, c[k]) for k in CHECK_MEMBERS if k in c]))
    e = {"verdict": verdict, "kind": expect.pop("kind", "timeline")}
    if checks:
        e["checks"] = checks
    e["complete"] = ["fail"]
    if "dimensions" in expect:
        e["dimensions"] = expect.pop("dimensions")
    if "limitsContain" in expect:
        e["limits"] = expect.pop("limitsContain")
    details = {}
    if "digests" in expect:
        details["entries"] = [{"recomputedDigest": d} for d in expect.pop("digests")]
    for key in ("finalEntryDigest", "firstBrokenLink", "historical06"):
        if key in expect:
            details[key] = expect.pop(key)
    if details:
        e["details"] = details
    assert not expect, (name, expect)
    v = {"description": description, "now": NOW, "expect": e}
    if json_lines:
        # JSON Lines: each line's exact text, so the reader joins them with newlines.
        v["lines"] = [json.dumps(item, separators=(",", ":")) for item in document]
    else:
        v["document"] = document
    if supplied:
        v["supplied"] = supplied
    VECTORS[name] = (v, ensure_ascii)


# ---- passing ---------------------------------------------------------------------------------

vector(
    "worked-example",
    "Spec §4.7: job job-7a1f, five entries, the last with close: true. Must verify.",
    w(),
    "verified",
    digests=DIGESTS,
    finalEntryDigest=DIGESTS[4],
    limitsContain=["No external commitment binds this chain"],
)
vector(
    "worked-example-json-lines",
    "The worked example written as JSON Lines, one entry per line.",
    w(),
    "verified",
    json_lines=True,
    digests=DIGESTS,
)
vector(
    "worked-example-with-commitment",
    "The worked example with its valid commitment, as {timeline, commitment} (§4.7).",
    {"timeline": w(), "commitment": c()},
    "verified",
    digests=DIGESTS,
    limitsContain=["The commitment rules out truncation"],
    checks=[
        {"rule": "chain.commitment.binds_count", "status": "pass"},
        {"rule": "chain.commitment.binds_final_digest", "status": "pass", "path": "/commitment/final_entry_digest"},
        {"rule": "chain.commitment.binds_job", "status": "pass"},
    ],
)
vector(
    "commitment-supplied-separately",
    "The worked example with its commitment supplied as a second document.",
    w(),
    "verified",
    supplied=[{"name": "commitment.json", "document": c()}],
    checks=[{"rule": "chain.commitment.binds_final_digest", "status": "pass", "subject": "commitment.json"}],
)
vector(
    "commitment-with-supplied-timeline",
    "A commitment verified with its timeline supplied as a second document.",
    c(),
    "verified",
    supplied=[{"name": "timeline.json", "document": w()}],
    kind="commitment",
)
vector(
    "commitment-alone",
    "A commitment without its timeline: well-formed, but it binds nothing here, so incomplete.",
    c(),
    "incomplete",
    kind="commitment",
    checks=[{"rule": "chain.commitment.timeline", "status": "unavailable"}],
    dimensions={"schema_validity": "pass", "chain_integrity": "unavailable"},
)
prefix = w()[:3]
prefix[2]["close"] = True
vector(
    "truncated-prefix-without-commitment",
    "The first three entries, close: true set on the new last entry. Nothing in a chain alone "
    "can tell (§4.6): it verifies, and the report says so in its limits.",
    prefix,
    "verified",
    limitsContain=["No external commitment binds this chain"],
    checks=[{"rule": "chain.commitment.present", "status": "not_checked"}],
)
vector(
    "truncated-prefix-with-commitment",
    "The same truncated prefix against the published commitment: count and final digest fail.",
    {"timeline": copy.deepcopy(prefix), "commitment": c()},
    "failed",
    [
        "commitment entry_count 5 does not match the timeline length 3",
        "commitment final_entry_digest does not match the recomputed digest of the last entry",
    ],
    message="commitment entry_count 5 does not match the timeline length 3",
)
seq_float = w()
seq_float[0]["seq"] = 1.0
vector(
    "seq-written-as-1.0",
    "Entry 0 writes seq as 1.0: an integer by value, written 1 in the digest (§4.2), so every "
    "digest is the worked example's and the chain verifies (with a warning about the lexeme).",
    seq_float,
    "verified",
    digests=DIGESTS,
    checks=[{"rule": "chain.seq.lexeme", "status": "warning"}],
)
stored = w()
for e in stored:
    e["digest"] = "f" * 64
vector(
    "stored-digests-ignored",
    "Every entry carries a wrong stored digest member: ignored, never trusted; digests are "
    "recomputed, so the chain verifies.",
    stored,
    "verified",
    digests=DIGESTS,
    checks=[{"rule": "chain.stored-digests", "status": "info"}],
)


def nasty_chain(with_lone_surrogates):
    tools = [
        'quote" backslash\\ slash/ tab\t',
        "".join(chr(c) for c in range(0x20)),
        "del\x7f c1\x80 nbsp\xa0 ls\u2028 ps\u2029 euro\u20ac bom\ufeff",
        "emoji\U0001F600 astral\U00010000 max\U0010FFFF",
        "plain",
    ]
    entries = w()
    for k, e in enumerate(entries):
        e["tool"] = tools[k]
        e["provenance_class"] = "LOGGED BY AGENT \u00e9\u00e8 \u4e2d\u6587"
    if with_lone_surrogates:
        entries[1]["id"] = "lone high \ud800 end"
        entries[2]["id"] = "lone low \udfff end"
        entries[3]["id"] = "reversed \udc00\ud800 pair"
    return relink(entries)


vector(
    "nasty-strings",
    "Tool, id and provenance strings with quotes, backslashes, every control character, U+007F, "
    "U+0080, U+2028, the euro sign, astral characters and lone surrogates, escaped in the file. "
    "Digests from Python's json.dumps; must verify.",
    nasty_chain(True),
    "verified",
    digests=[digest(e) for e in nasty_chain(True)],
)
vector(
    "nasty-strings-utf8-file",
    "The same strings (no lone surrogates: UTF-8 cannot carry them) written as raw UTF-8 in the "
    "file, so the verifier itself must escape them for the digest. Must verify.",
    nasty_chain(False),
    "verified",
    ensure_ascii=False,
    digests=[digest(e) for e in nasty_chain(False)],
)

# ---- one tampering each ----------------------------------------------------------------------

LINK3 = "entry 3 prev_digest does not match the digest of entry 2"
t = w()
t[2]["provenance_class"] = "CAPTURED BY SERVER"
vector(
    "relabelled-provenance",
    "Entry 2's provenance_class relabelled after the fact: its digest changes, so entry 3's link breaks.",
    t,
    "failed",
    [LINK3],
    message=LINK3,
    checks=[
        {
            "rule": "chain.link",
            "status": "fail",
            "path": "/3/prev_digest",
            "found": DIGESTS[2],
            "expected": digest(t[2]),
        }
    ],
    firstBrokenLink=3,
)
t = w()
t[2]["tool"] = "web_search"
vector("relabelled-tool", "Entry 2's tool relabelled: entry 3's link breaks.", t, "failed", [LINK3], message=LINK3)
t = w()
t[2]["canonical_bytes"] = b64(payload(2, tag="x"))
vector(
    "tampered-bytes",
    "Entry 2's canonical_bytes replaced by other valid base64: its output hash, so its digest, changes.",
    t,
    "failed",
    [LINK3],
    message=LINK3,
)
t = w()
t[2]["close"] = True
relink(t)
vector(
    "close-in-the-middle",
    "Entry 2 carries close: true (later entries re-linked by the forger).",
    t,
    "failed",
    ["entry 2 carries close:true before the last entry"],
    message="entry 2 carries close:true before the last entry",
)
t = w()
t[4]["close"] = "true"
vector(
    "close-as-string",
    'The last entry carries close: "true", a string.',
    t,
    "failed",
    ["entry 4 close is not a boolean", "last entry does not carry close: true"],
    message="entry 4 close is not a boolean",
)
t = w()
del t[4]["close"]
vector(
    "no-close",
    "The last entry carries no close member.",
    t,
    "failed",
    ["last entry does not carry close: true"],
    message="last entry does not carry close: true",
)
t = w()
del t[2]
vector(
    "deleted-entry",
    "Entry 2 deleted from the middle, nothing re-linked.",
    t,
    "failed",
    [
        "entry 2 seq 4 breaks contiguity (expected 3)",
        "entry 2 prev_digest does not match the digest of entry 1",
        "entry 3 seq 5 breaks contiguity (expected 4)",
    ],
    message="entry 2 prev_digest does not match the digest of entry 1",
    firstBrokenLink=2,
)
t = w()
t.insert(3, copy.deepcopy(t[2]))
vector(
    "duplicated-entry",
    "Entry 2 repeated right after itself.",
    t,
    "failed",
    [
        "entry 3 seq 3 breaks contiguity (expected 4)",
        "entry 3 prev_digest does not match the digest of entry 2",
        "entry 4 seq 4 breaks contiguity (expected 5)",
        "entry 5 seq 5 breaks contiguity (expected 6)",
    ],
    message="entry 3 prev_digest does not match the digest of entry 2",
    checks=[{"rule": "chain.entry.id.unique", "status": "warning", "path": "/3/id"}],
)
t = w()
t[0]["prev_digest"] = "0" * 63 + "1"
relink(t)
vector(
    "bad-genesis",
    "Entry 0's prev_digest is not the 64-zero genesis (later entries re-linked).",
    t,
    "failed",
    ["entry 0 prev_digest is not 64 zero characters"],
    message="entry 0 prev_digest is not 64 zero characters",
    firstBrokenLink=0,
)
t = w()
t[2]["canonical_bytes"] = t[2]["canonical_bytes"].rstrip("=")
vector(
    "bad-base64",
    "Entry 2's canonical_bytes lost its padding: not strict base64, so its digest (and entry 3's link) cannot be recomputed.",
    t,
    "failed",
    ["entry 2 canonical_bytes is not valid base64"],
    message="entry 2 canonical_bytes is not valid base64",
    dimensions={"schema_validity": "fail", "byte_integrity": "unavailable", "chain_integrity": "unavailable"},
)
t = w()
for k in range(2, 5):
    t[k]["seq"] = k + 2
relink(t)
vector(
    "seq-gap",
    "seq runs 1, 2, 4, 5, 6 (re-linked, so only contiguity catches it).",
    t,
    "failed",
    [
        "entry 2 seq 4 breaks contiguity (expected 3)",
        "entry 3 seq 5 breaks contiguity (expected 4)",
        "entry 4 seq 6 breaks contiguity (expected 5)",
    ],
    message="entry 2 seq 4 breaks contiguity (expected 3)",
)
t = w()
t[1]["seq"] = True
vector(
    "seq-true",
    "Entry 1's seq is the boolean true (which Python would treat as 1).",
    t,
    "failed",
    ["entry 1 seq is not an integer"],
    message="entry 1 seq is not an integer",
)
t = w()
t[1]["seq"] = 2.5
vector(
    "seq-2.5",
    "Entry 1's seq is 2.5.",
    t,
    "failed",
    ["entry 1 seq is not an integer"],
    message="entry 1 seq is not an integer",
)
t = w()
t[0]["seq"] = raw_number("0.99999999999999999")
vector(
    "seq-0.99999999999999999",
    "Entry 0 writes seq as 0.99999999999999999, which reads as the double 1.0 (Python's int() "
    "makes it 1), but whose value is not an integer: the lexeme is judged, not the double it "
    "rounds to (issue 25), so it is not entry 1.",
    t,
    "failed",
    ["entry 0 seq is not an integer"],
    message="entry 0 seq is not an integer",
)
t = w()
t[3]["job_id"] = "job-9c2e"
relink(t)
vector(
    "mixed-job",
    "Entry 3 belongs to another job (re-linked).",
    t,
    "failed",
    ["entry 3 job_id mixes jobs"],
    message="entry 3 job_id mixes jobs",
)
t = w()
t[2] = "r-job-7a1f-2"
vector(
    "entry-not-an-object",
    "Entry 2 is a string, not an object.",
    t,
    "failed",
    ["entry 2 is not an object"],
    message="entry 2 is not an object",
)
t = w()
t[0] = "r-job-7a1f-0"
vector(
    "first-entry-not-an-object",
    "Entry 0 is a string: its genesis prev_digest, and the link of entry 1 to it, cannot be judged (unavailable, never a pass).",
    t,
    "failed",
    ["entry 0 is not an object"],
    message="entry 0 is not an object",
    checks=[
        {"rule": "chain.genesis", "status": "unavailable"},
        {"rule": "chain.link", "status": "unavailable"},
    ],
)
t = w()
t[1]["id"] = 12
vector(
    "id-not-a-string",
    "Entry 1's id is a number.",
    t,
    "failed",
    ["entry 1 id is not a non-empty string"],
    message="entry 1 id is not a non-empty string",
)
vector(
    "empty-timeline",
    "{timeline: []}: a timeline needs at least one entry.",
    {"timeline": []},
    "failed",
    ["timeline is not a non-empty list"],
    message="timeline is not a non-empty list",
)


def chain06(tamper=False):
    entries = w()
    for e in entries:
        del e["tool"]
    relink(entries, fn=digest06)
    if tamper:
        entries[2]["canonical_bytes"] = b64(payload(2, tag="x"))
    return entries


MISSING_TOOL = ["entry %d missing tool" % k for k in range(5)]
vector(
    "chain-06",
    "A -06 chain: no tool, each digest the SHA-256 of the decoded bytes alone. Fails under the "
    "current rules; the labelled historical check shows its -06 links hold (info only).",
    chain06(),
    "failed",
    MISSING_TOOL,
    message="entry 0 missing tool",
    checks=[{"rule": "chain.historical-06", "status": "info", "messageStartsWith": "historical (-06) construction:"}],
    historical06={"linksHold": True, "closes": True, "verifiedUnder06": True},
)
vector(
    "chain-06-tampered-bytes",
    "A -06 chain whose entry 2 bytes were changed: fails, and the historical check warns that "
    "it does not hold under -06 either.",
    chain06(tamper=True),
    "failed",
    MISSING_TOOL,
    message="entry 0 missing tool",
    checks=[{"rule": "chain.historical-06", "status": "warning", "messageStartsWith": "historical (-06) construction:"}],
    historical06={"linksHold": False, "firstBrokenLink": 3, "verifiedUnder06": False},
)

# The kit's -06 chain vectors chain-truncated-no-close and chain-close-wrong-type: -06 required the
# last entry to carry close: true (its verify_chain: "last entry does not carry close: true"), so
# the historical label must say these would not have verified under -06 either.
def chain06_truncated():
    return chain06()[:4]


def chain06_close_string():
    entries = chain06()
    entries[4]["close"] = "true"
    return entries


vector(
    "chain-06-truncated-no-close",
    "A -06 chain cut after entry 3: its -06 links hold, but -06 required the last entry to carry "
    "close: true, so the historical label says it would not have verified under -06 either.",
    chain06_truncated(),
    "failed",
    MISSING_TOOL[:4] + ["last entry does not carry close: true"],
    message="last entry does not carry close: true",
    checks=[{"rule": "chain.historical-06", "status": "warning",
             "messageStartsWith": "historical (-06) construction: no entry carries tool, and the chain would not have verified under -06 either"}],
    historical06={"linksHold": True, "closes": False, "verifiedUnder06": False},
)
vector(
    "chain-06-close-wrong-type",
    "A -06 chain whose last entry carries close: \"true\" (a string): its -06 links hold, but close "
    "is not the boolean true -06 required, so it would not have verified under -06 either.",
    chain06_close_string(),
    "failed",
    MISSING_TOOL + ["entry 4 close is not a boolean", "last entry does not carry close: true"],
    message="entry 4 close is not a boolean",
    checks=[{"rule": "chain.historical-06", "status": "warning",
             "messageStartsWith": "historical (-06) construction: no entry carries tool, and the chain would not have verified under -06 either"}],
    historical06={"linksHold": True, "closes": False, "verifiedUnder06": False},
)

# ---- commitments -----------------------------------------------------------------------------

vector(
    "commitment-entry-count-5.0",
    "entry_count written 5.0: equal in value, but not a JSON integer (§4.5).",
    {"timeline": w(), "commitment": c(entry_count=5.0)},
    "failed",
    ["commitment entry_count is not an integer"],
    message="commitment entry_count is not an integer",
)
for lexeme, what in (
    ("4.99999999999999999", "which only rounds to 5 as a double"),
    ("5e0", "an exponent form, equal in value"),
):
    vector(
        "commitment-entry-count-" + lexeme,
        "entry_count written %s, %s: not a JSON integer (\u00a74.5)." % (lexeme, what),
        {"timeline": w(), "commitment": c(entry_count=raw_number(lexeme))},
        "failed",
        ["commitment entry_count is not an integer"],
        message="commitment entry_count is not an integer",
    )
vector(
    "commitment-wrong-count",
    "entry_count 6 for a five-entry timeline.",
    {"timeline": w(), "commitment": c(entry_count=6)},
    "failed",
    ["commitment entry_count 6 does not match the timeline length 5"],
    message="commitment entry_count 6 does not match the timeline length 5",
)
vector(
    "commitment-wrong-final-digest",
    "final_entry_digest names entry 3, not the last entry.",
    {"timeline": w(), "commitment": c(final_entry_digest=DIGESTS[3])},
    "failed",
    ["commitment final_entry_digest does not match the recomputed digest of the last entry"],
    message="commitment final_entry_digest does not match the recomputed digest of the last entry",
    checks=[
        {
            "rule": "chain.commitment.binds_final_digest",
            "status": "fail",
            "path": "/commitment/final_entry_digest",
            "expected": DIGESTS[4],
            "found": DIGESTS[3],
        }
    ],
)
vector(
    "commitment-job-mismatch",
    "The commitment names another job.",
    {"timeline": w(), "commitment": c(job_id="job-0000")},
    "failed",
    ["entry %d job_id does not match the commitment job_id" % k for k in range(5)],
    message="entry 0 job_id does not match the commitment job_id",
)
vector(
    "commitment-bad-published-at",
    "published_at is 2026-02-30, not a calendar date.",
    {"timeline": w(), "commitment": c(published_at="2026-02-30T18:30:00Z")},
    "failed",
    ["commitment published_at is not RFC 3339"],
    message="commitment published_at is not RFC 3339",
)
vector(
    "commitment-empty-job-id",
    "The commitment's job_id is the empty string.",
    {"timeline": w(), "commitment": c(job_id="")},
    "failed",
    ["commitment job_id is not a non-empty string"],
    message="commitment job_id is not a non-empty string",
)
vector(
    "commitment-uppercase-final-digest",
    "final_entry_digest in uppercase hex: not 64 lowercase hex characters.",
    {"timeline": w(), "commitment": c(final_entry_digest=DIGESTS[4].upper())},
    "failed",
    ["commitment final_entry_digest is not 64 lowercase hex characters"],
    message="commitment final_entry_digest is not 64 lowercase hex characters",
)
vector(
    "commitment-not-an-object",
    "The commitment member is a bare digest string.",
    {"timeline": w(), "commitment": DIGESTS[4]},
    "failed",
    ["commitment is not an object"],
    message="commitment is not an object",
)

# ---- a timeline that is also something else (issue 30) ------------------------------------------
# A commitment pair (canonical_bytes + output_hash) is checked wherever it sits, and an object
# carrying the members of two kinds is refused: verified as a timeline alone, the receipt
# members beside it would go unchecked.

RECEIPT_PAYLOAD = b'{"tool":"live_price","inputs":{"pair":"BTC/USD"},"outputs":{"price_usd":97412.55},"ms":108}'
RECEIPT = {
    "id": "b6c63ac5-f324-4fa7-ad58-c4bf83faa86a",
    "receipt_schema_version": "0.3",
    "created_at": "2026-09-27T09:00:00.000Z",
    "tool": {"name": "live_price", "version": "4.0.0", "scope": "public"},
    "provenance_class": "EXECUTED BY ZAMBO",
    "canonical_bytes": b64(RECEIPT_PAYLOAD),
    "output_hash": "sha256:" + hashlib.sha256(RECEIPT_PAYLOAD).hexdigest(),
    "verification_status": "verified",
}
AMBIGUOUS = "this object is both a job timeline (hash chain) and a per-call receipt"

vector(
    "receipt-members-beside-timeline-output_hash-other",
    "A valid timeline and commitment, with the members of a per-call receipt beside them whose "
    "output_hash is not the SHA-256 of its canonical_bytes: refused as two kinds, and the pair "
    "fails wherever it sits.",
    dict(RECEIPT, output_hash="sha256:" + "1" * 64, timeline=w(), commitment=COMMITMENT),
    "failed",
    [AMBIGUOUS, "the document: output_hash does not match sha256(canonical_bytes)"],
    message=AMBIGUOUS,
)
vector(
    "receipt-members-beside-timeline-canonical_bytes-not-base64",
    "A valid timeline and commitment beside receipt members whose canonical_bytes is not base64.",
    dict(RECEIPT, canonical_bytes="not base64!", timeline=w(), commitment=COMMITMENT),
    "failed",
    [AMBIGUOUS, "the document: canonical_bytes is not valid base64"],
    message=AMBIGUOUS,
)


def with_output_hash(entries, index, value):
    entries[index]["output_hash"] = value
    return entries


ENTRY2_OUTPUT_HASH = hashlib.sha256(payload(2)).hexdigest()
vector(
    "entry-output_hash-matches",
    "Entry 2 also stores output_hash (bare hex, the digest input's form) and it is the SHA-256 "
    "of its canonical_bytes: the stored pair is checked and holds; the entry digests, which "
    "never read a stored output_hash, are the worked example's.",
    with_output_hash(w(), 2, ENTRY2_OUTPUT_HASH),
    "verified",
)
vector(
    "entry-output_hash-other",
    "Entry 2 stores an output_hash that is not the SHA-256 of its canonical_bytes. The chain "
    "links hold (digests are recomputed from the bytes), but the stored pair contradicts "
    "itself, so the timeline fails.",
    with_output_hash(w(), 2, "sha256:" + hashlib.sha256(payload(3)).hexdigest()),
    "failed",
    ["object at /2: output_hash does not match sha256(canonical_bytes)"],
    message="object at /2: output_hash does not match sha256(canonical_bytes)",
)

# ---- an entry (or an embedded commitment) that is also something else (issue 30) --------------
# Each entry is verified as a timeline entry and an embedded commitment as a commitment: an object
# read as one thing must be of one kind wherever it sits, as a document must. An entry's own
# members (output_hash beside its canonical_bytes included) are no other kind.

ZERO_ROOT_WORKFLOW = {
    "type": "verifiable-workflow-receipt",
    "version": "1",
    "steps": [{"seq": 1, "receipt_id": "e80168eb-a6a1-4ec9-8478-ac108f9397ff"}],
    "merkle_root": "0" * 64,
}
ENTRY_AND_WORKFLOW = "this object is both a timeline entry and a workflow receipt"


def entry_with(entries, index, members):
    entries[index].update(members)
    return entries


vector(
    "entry-beside-workflow-members",
    "Entry 0 also carries a workflow receipt's members, its merkle_root 64 zeros and no "
    "canonical_bytes/output_hash pair of its own: read as an entry alone the chain verifies and "
    "the root never counts. Refused as two kinds, naming the workflow's members.",
    entry_with(w(), 0, ZERO_ROOT_WORKFLOW),
    "failed",
    [ENTRY_AND_WORKFLOW],
    message=ENTRY_AND_WORKFLOW,
)
vector(
    "entry-beside-workflow-members-json-lines",
    "The same timeline as JSON Lines: each record is an entry, refused as two kinds the same way.",
    entry_with(w(), 0, ZERO_ROOT_WORKFLOW),
    "failed",
    [ENTRY_AND_WORKFLOW],
    message=ENTRY_AND_WORKFLOW,
    json_lines=True,
)
vector(
    "entry-beside-workflow-members-in-timeline-object",
    "The same entry in a {timeline, commitment} object whose commitment binds the chain.",
    {"timeline": entry_with(w(), 0, ZERO_ROOT_WORKFLOW), "commitment": c()},
    "failed",
    [ENTRY_AND_WORKFLOW],
    message=ENTRY_AND_WORKFLOW,
)
ENTRY_AND_WRAPPED = "this object is both a timeline entry and a wrapped receipt (envelope.receipt)"
vector(
    "entry-beside-envelope-receipt",
    "Entry 0 also carries an envelope.receipt: a wrapped receipt inside an entry is a second kind.",
    entry_with(w(), 0, {"envelope": {"receipt": RECEIPT}}),
    "failed",
    [ENTRY_AND_WRAPPED],
    message=ENTRY_AND_WRAPPED,
)
ENTRY_AND_TIMELINE = "this object is both a timeline entry and a job timeline (hash chain)"
vector(
    "entry-beside-broken-timeline",
    "Entry 0 carries a timeline of its own whose genesis link is broken: a timeline inside an "
    "entry is another document, not part of this chain, and is refused.",
    entry_with(w(), 0, {"timeline": entry_with(w(), 0, {"prev_digest": "1" * 64})}),
    "failed",
    [ENTRY_AND_TIMELINE],
    message=ENTRY_AND_TIMELINE,
)
COMMITMENT_AND_WORKFLOW = "this object is both a job timeline commitment and a workflow receipt"
vector(
    "commitment-embedded-beside-workflow-members",
    "The commitment beside the timeline also carries a workflow receipt's members with a zero "
    "merkle_root: it is verified as a commitment, so it must be one kind.",
    {"timeline": w(), "commitment": dict(c(), **ZERO_ROOT_WORKFLOW)},
    "failed",
    [COMMITMENT_AND_WORKFLOW],
    message=COMMITMENT_AND_WORKFLOW,
)
vector(
    "commitment-with-supplied-timeline-entry-beside-workflow-members",
    "A commitment whose supplied timeline has an entry that also carries a workflow receipt's "
    "members: the supplied timeline is held to what it would be held to alone.",
    c(),
    "failed",
    [ENTRY_AND_WORKFLOW],
    message=ENTRY_AND_WORKFLOW,
    supplied=[{"name": "timeline.json", "document": entry_with(w(), 0, ZERO_ROOT_WORKFLOW)}],
    kind="commitment",
)
ENTRY2_OTHER = "object at /2: output_hash does not match sha256(canonical_bytes)"
vector(
    "commitment-with-supplied-timeline-entry-output_hash-other",
    "A commitment whose supplied timeline has an entry storing an output_hash of other bytes: "
    "the pair fails in the supplied timeline as it does when the timeline is verified alone.",
    c(),
    "failed",
    [ENTRY2_OTHER],
    message=ENTRY2_OTHER,
    supplied=[
        {
            "name": "timeline.json",
            "document": with_output_hash(w(), 2, "sha256:" + hashlib.sha256(payload(3)).hexdigest()),
        }
    ],
    kind="commitment",
)

for name, (v, ensure_ascii) in VECTORS.items():
    path = os.path.join(OUT, name + ".json")
    with open(path, "w", encoding="utf-8") as f:
        f.write(write_raw_numbers(json.dumps(v, indent=2, ensure_ascii=ensure_ascii)) + "\n")
print("wrote %d vectors" % len(VECTORS))
