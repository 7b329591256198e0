"""plan_outputs.py <plan.json>: the outputs of an `opgen --list-outputs`
Plan, one `<path><TAB><kind>[<TAB>install <root>/<dir>]` line each, then
its sources, one `source <path relative to the current directory><TAB>
<language><TAB><shard><TAB><preamble><TAB><record>` line each (`-` for
none), then its preambles, one `preamble <language><TAB><path><TAB>
<sources>` line each."""
import json
import os
import sys

plan = json.load(open(sys.argv[1]))
for o in plan["outputs"]:
    line = f"{o['path']}\t{o['kind']}"
    if o["install"]:
        line += f"\tinstall {o['install']['root']}/{o['install']['dir']}"
    print(line)
for s in plan["sources"]:
    print("source " + "\t".join([os.path.relpath(s["path"])] +
                                [s[k] or "-" for k in ("language", "shard", "preamble", "record")]))
for p in plan["preambles"]:
    print(f"preamble {p['language']}\t{p['path']}\t" +
          " ".join(os.path.relpath(s) for s in p["sources"]))
