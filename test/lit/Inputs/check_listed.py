"""check_listed.py <dir> <list>: the files under <dir>, the `files` of
<dir>/manifest.json and the paths of an `opgen --list-outputs` output are
the same, sorted."""
import json
import os
import sys

out_dir, listing = sys.argv[1:]
listed = sorted(line.split("\t")[0] for line in open(listing).read().splitlines())
written = sorted(os.path.relpath(os.path.join(root, name), out_dir)
                 for root, _, names in os.walk(out_dir) for name in names)
with open(os.path.join(out_dir, "manifest.json")) as f:
    manifest = json.load(f)["files"]
if not listed == written == manifest:
    sys.exit(f"listed {listed}\nwritten {written}\nmanifest {manifest}")
