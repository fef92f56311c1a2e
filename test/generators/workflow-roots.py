#!/usr/bin/env python3
"""
Writes the `merkle_root` of every workflow vector in src/core/workflow/vectors/ (spec §3.3),
computed with Python's hashlib, not with the TypeScript under test.

Each vector file (and the bare §3.4 worked example, spec-3.4-worked-example.json) is
hand-written; this script owns only its one `"merkle_root": "<value>"`
text, replacing that value and leaving every other byte alone (the files keep lexemes such as
`1.0` that a JSON round trip would lose). What root a file carries is its recipe: by default
the receipt-id-v0 root of its own steps' receipt_ids; the tampering cases (RECIPES below) carry
the root of other steps or of another construction, on purpose.

It also checks each file's declared outcome against the root: under receipt-id-v0 a file must
expect the failure `workflow.merkle.root` exactly when its root differs from the root of its
own steps. And it checks the construction against the roots spec §3.4 lists.

  python3 test/generators/workflow-roots.py               rewrite the roots in place
  python3 test/generators/workflow-roots.py --out FOLDER  write the files under FOLDER instead
                                                          (test/generators.test.ts compares)
"""
import glob
import hashlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.normpath(os.path.join(HERE, "..", "..", "src", "core", "workflow", "vectors"))

ROOT_MEMBER = re.compile(r'("merkle_root"\s*:\s*")([^"]*)(")')
# merkle_version values that select receipt-id-v0 (absent included), spec §3.3 dispatch.
RECEIPT_ID_V0_NAMES = (None, "receipt-id-v0", "section-8.1-binary-merkle-v1")


def sha256(data):
    return hashlib.sha256(data).digest()


def tree_root(leaves):
    """§3.3 steps 2-3: pair neighbours, duplicate the last of an odd level, zero leaves = H("")."""
    if not leaves:
        return sha256(b"").hex()
    level = list(leaves)
    while len(level) > 1:
        if len(level) % 2 == 1:
            level.append(level[-1])
        level = [sha256(level[i] + level[i + 1]) for i in range(0, len(level), 2)]
    return level[0].hex()


def receipt_id_v0(steps):
    """leaf_i = SHA-256(UTF-8(receipt_id_i)); None when a step has no string receipt_id."""
    if not all(isinstance(s, dict) and isinstance(s.get("receipt_id"), str) for s in steps):
        return None
    return tree_root([sha256(s["receipt_id"].encode("utf-8")) for s in steps])


def legacy_web_page(steps):
    """The old web page's construction, never a valid root: leaves SHA-256("<seq>:<receipt_hash>")."""
    return tree_root([sha256(("%d:%s" % (s["seq"], s["receipt_hash"])).encode("utf-8")) for s in steps])


def seq_be8_receipt_hash(steps):
    """A seq-output-v1 candidate: leaves SHA-256(seq as 8-byte big-endian || raw receipt_hash)."""
    return tree_root([sha256(s["seq"].to_bytes(8, "big") + bytes.fromhex(s["receipt_hash"])) for s in steps])


def load(path):
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    value = json.loads(text)
    return text, value.get("document", value)


WORKED_EXAMPLE = os.path.join(VECTORS, "spec-3.4-worked-example.json")
WORKED_STEPS = load(WORKED_EXAMPLE)[1]["steps"]


def worked_example_root(_steps):
    """The untampered worked example's root: the case edited the steps, not the root."""
    return receipt_id_v0(WORKED_STEPS)


# File name (under cases/) -> the root its document carries, from its own steps.
RECIPES = {
    "merkle-root-legacy-seq-receipt_hash.json": legacy_web_page,
    "merkle-root-legacy-under-seq-output-v1.json": legacy_web_page,
    "merkle-root-of-first-3-ids.json": lambda steps: receipt_id_v0(steps[:3]),
    "merkle-version-seq-output-v1-reproduced.json": seq_be8_receipt_hash,
    "step-1-not-object.json": worked_example_root,
    "step-2-receipt_id-number.json": worked_example_root,
    "step-3-receipt_id-changed.json": worked_example_root,
    "steps-2-3-swapped.json": worked_example_root,
    "workflow-steps-empty.json": worked_example_root,
    "workflow-merkle_root-uppercase.json": lambda steps: worked_example_root(steps).upper(),
}


def check_spec_examples():
    """Spec §3.4's roots under receipt-id-v0, and §3.3's legacy value, from the worked example."""
    s = WORKED_STEPS
    expected = [
        (receipt_id_v0(s), "7c4817ca249edfeae259b98abf63ed38a31d9dbeebf5ee23139410a7a7f63b37"),
        (receipt_id_v0(s[:3]), "4860e25bbc8dba2382887cb08ccaf6cd88434bbda5aeda45c6a8373bb15f63e4"),
        (receipt_id_v0(s[::-1]), "362530ecc354e40c5787139705ca6d85af1354a4b6af83ee9c3a16cb66b8a66c"),
        (receipt_id_v0(s[:1]), "609eb71e8855515d3d1988f17c714429b4433cfbd8a837f22182652d22ae1f51"),
        (receipt_id_v0(s + s[4:]), "7c4817ca249edfeae259b98abf63ed38a31d9dbeebf5ee23139410a7a7f63b37"),
        (receipt_id_v0([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (legacy_web_page(s), "a4b2fcb4684cec481e4ece889ed15c7d9e47e58d9ba4fb02ea354c0cb2ca44c4"),
    ]
    for i, (got, want) in enumerate(expected):
        if got != want:
            sys.exit("workflow-roots: spec example %d gives %s, spec says %s" % (i, got, want))


def expects_root_failure(path):
    with open(path, encoding="utf-8") as f:
        expect = json.load(f).get("expect", {})
    return any(
        c.get("status") == "fail" and c.get("rule") == "workflow.merkle.root" for c in expect.get("checks", [])
    )


def main():
    check_spec_examples()
    out = sys.argv[sys.argv.index("--out") + 1] if "--out" in sys.argv else VECTORS
    paths = [WORKED_EXAMPLE] + sorted(glob.glob(os.path.join(VECTORS, "cases", "*.json")))
    problems = []
    for path in paths:
        name = os.path.relpath(path, VECTORS)
        text, document = load(path)
        steps = document.get("steps", [])
        recipe = RECIPES.get(os.path.basename(path), receipt_id_v0)
        root = recipe(steps)
        if root is None:
            problems.append("%s: no root (a step has no string receipt_id); add a recipe" % name)
            continue
        if len(ROOT_MEMBER.findall(text)) != 1:
            problems.append("%s: not exactly one merkle_root member" % name)
            continue
        new_text = ROOT_MEMBER.sub(lambda m: m.group(1) + root + m.group(3), text)

        # The declared outcome must agree with the root under receipt-id-v0.
        own_root = receipt_id_v0(steps)
        if document.get("merkle_version") in RECEIPT_ID_V0_NAMES and own_root is not None:
            if (root != own_root) != expects_root_failure(path):
                problems.append(
                    "%s: root %s the receipt-id-v0 root of its steps, but the file %s the "
                    "workflow.merkle.root failure"
                    % (
                        name,
                        "differs from" if root != own_root else "equals",
                        "does not expect" if root != own_root else "expects",
                    )
                )

        target = os.path.join(out, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8", newline="") as f:
            f.write(new_text)
    for p in problems:
        print("workflow-roots: " + p, file=sys.stderr)
    if problems:
        sys.exit(1)
    print("wrote %d workflow vectors to %s" % (len(paths), out))


if __name__ == "__main__":
    main()
