"""check_listed.py <dir> <plan.json>: the files under <dir>, the `files` of
<dir>/manifest.json and the outputs of an `opgen --list-outputs` Plan are
the same, sorted."""
import json
import os
import sys

out_dir, listing = sys.argv[1:]
listed = sorted(o["path"] for o in json.load(open(listing))["outputs"])
written = sorted(os.path.relpath(os.path.join(root, name), out_dir)
                 for root, _, names in os.walk(out_dir) for name in names)
with open(os.path.join(out_dir, "manifest.json")) as f:
    manifest = json.load(f)["files"]
if not listed == written == manifest:
    sys.exit(f"listed {listed}\nwritten {written}\nmanifest {manifest}")
