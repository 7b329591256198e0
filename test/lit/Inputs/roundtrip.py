"""Every schema in a generated manifest.json must round-trip through
torch._C.parse_schema unchanged (docs/types.md), and so must the m.def strings
in registration.cpp once the namespace is put back.

usage: roundtrip.py <output dir>
"""
import json
import re
import sys
from pathlib import Path

import torch

out = Path(sys.argv[1])
manifest = json.loads((out / "manifest.json").read_text())
failures = []
for op in manifest["ops"]:
    schema = op["schema"]
    printed = str(torch._C.parse_schema(schema))
    if printed != schema:
        failures.append(f"manifest {op['name']}: {schema!r} prints as {printed!r}")

registration = (out / "registration.cpp").read_text()
namespace = None
defs = 0
for line in registration.splitlines():
    m = re.match(r"\s*TORCH_LIBRARY\((\w+), m\)", line)
    if m:
        namespace = m.group(1)
    m = re.match(r'\s*m\.def\((".*?(?<!\\)")[,)]', line)
    if m:
        defs += 1
        text = json.loads(m.group(1))  # a C string literal of plain ASCII
        parsed = torch._C.parse_schema(f"{namespace}::{text}")
        expected = {op["schema"] for op in manifest["ops"]}
        if str(parsed) not in expected:
            failures.append(f"m.def {text!r} parses as {str(parsed)!r}, not in manifest")

if defs != len(manifest["ops"]):
    failures.append(f"{defs} m.def lines for {len(manifest['ops'])} ops")
if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"{len(manifest['ops'])} schemas round-trip")
