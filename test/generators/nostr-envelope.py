#!/usr/bin/env python3
"""
The Nostr anchor fixture's envelope bytes (spec §5.1), made without the TypeScript under test.

spec §5.1: `envelope_bytes` is "the key-sorted compact JSON of envelope". Here that is Python's
json.dumps(envelope, sort_keys=True, separators=(",", ":"), ensure_ascii=False); this envelope is
all ASCII, so the ensure_ascii=True form is the same bytes. The envelope itself is rebuilt from
its inputs (receipt of spec §2.5, evidence text, fixed times) with hashlib.

  python3 test/generators/nostr-envelope.py            print the envelope bytes (the literal
                                                       ENVELOPE_BYTES in make-nostr-fixture.ts)
  python3 test/generators/nostr-envelope.py --check    check the committed fixture files in
                                                       src/core/anchor/vectors/ against them

--check also recomputes what hangs off the bytes: the event's content and its "x" tag
(SHA-256 of the bytes), and the event id (NIP-01: SHA-256 of
[0,pubkey,created_at,kind,tags,content] as compact JSON). The BIP-340 signature needs
secp256k1, which the standard library lacks; the vitest fixture test verifies it.
"""
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "src", "core", "anchor", "vectors")

# The kit's minimal valid receipt (spec §2.5).
RECEIPT_ID = "b6c63ac5-f324-4fa7-ad58-c4bf83faa86a"
OUTPUT_HASH = "sha256:c2258bdf9c34813a70166bc0e2d79b167f22f51a0adb67e218b5c868b911dca7"

EVIDENCE_TEXT = (
    "AER-1 test evidence for receipt b6c63ac5-f324-4fa7-ad58-c4bf83faa86a: "
    "live_price BTC/USD 97412.55\n"
)
ANCHORED_AT = "2026-09-27T09:00:05Z"


def envelope():
    evidence = EVIDENCE_TEXT.encode("utf-8")
    return {
        "anchored_at": ANCHORED_AT,
        "evidence_url": "https://zambo.dev/evidence/" + RECEIPT_ID,
        "receipt_uuid": RECEIPT_ID,
        "output_sha256": OUTPUT_HASH[len("sha256:"):],
        "schema_version": "zambo-receipt-anchor/1",
        "evidence_sha256": hashlib.sha256(evidence).hexdigest(),
        "evidence_byte_length": len(evidence),
    }


def envelope_bytes(value):
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    # Both readings of "key-sorted compact JSON" (literal UTF-8 or \\u escapes) must agree here,
    # so the fixture does not depend on which one a verifier picks.
    assert text == json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return text


def nip01_id(event):
    serial = json.dumps(
        [0, event["pubkey"], event["created_at"], event["kind"], event["tags"], event["content"]],
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(serial.encode("utf-8")).hexdigest()


def read(name):
    with open(os.path.join(FIXTURES, name), encoding="utf-8", newline="") as f:
        return f.read()


def check():
    expected = envelope_bytes(envelope())
    receipt = json.loads(read("nostr-anchored-receipt.json"))
    event = json.loads(read("nostr-anchor-event.json"))
    anchor = receipt["anchor"]
    problems = []

    def expect(what, actual, wanted):
        if actual != wanted:
            problems.append("%s: %r, expected %r" % (what, actual, wanted))

    expect("nostr-anchored-evidence.txt", read("nostr-anchored-evidence.txt"), EVIDENCE_TEXT)
    expect("receipt id", receipt["id"], RECEIPT_ID)
    expect("receipt output_hash", receipt["output_hash"], OUTPUT_HASH)
    expect("anchor.envelope", anchor["envelope"], envelope())
    expect("anchor.envelope_bytes", anchor["envelope_bytes"], expected)
    expect("event content", event["content"], expected)
    x_tags = [t[1] for t in event["tags"] if t[0] == "x"]
    expect("event x tag", x_tags, [hashlib.sha256(expected.encode("utf-8")).hexdigest()])
    expect("event id", event["id"], nip01_id(event))
    expect("anchor.event_id", anchor["event_id"], event["id"])
    expect("anchor.pubkey", anchor["pubkey"], event["pubkey"])
    for p in problems:
        print("nostr-envelope: " + p, file=sys.stderr)
    if problems:
        sys.exit(1)
    print("nostr-envelope: committed fixture agrees (%d envelope bytes)" % len(expected))


if __name__ == "__main__":
    if "--check" in sys.argv:
        check()
    else:
        print(envelope_bytes(envelope()))
