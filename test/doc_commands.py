"""Runs the commands of a marked ```console block of a doc, so that the doc's
commands are the tested ones (docs/packaging.md; ctest `init` and `wheel`).

    python doc_commands.py <doc.md> <name> --cwd <dir> [--env K=V]... [--path <dir>]...

The block follows ``<!-- opgen-commands: <name> -->``. Its ``$ `` lines run
in order in one bash (``cd`` carries over) in ``--cwd``, with the ``--env``
variables set, the ``--path`` directories first on PATH and PYTHONPATH
unset; a ``#`` comment ends a command. The lines after a command, up to the
next one, are text its output must contain, each line in order. Exits 1 at
the first command that fails or misses an expected line.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

MARKER = r"<!--\s*opgen-commands:\s*{name}\s*-->\s*\n```console\n(?P<body>.*?)```"


def commands(doc, name):
    """[(command, [expected output lines])] of block `name` of `doc`."""
    text = open(doc).read()
    m = re.search(MARKER.format(name=re.escape(name)), text, re.S)
    if not m:
        sys.exit(f"{doc}: no ```console block after <!-- opgen-commands: {name} -->")
    steps = []
    for line in m.group("body").splitlines():
        if line.startswith("$ "):
            steps.append((re.sub(r"\s+#.*$", "", line[2:]).strip(), []))
        elif line.strip():
            if not steps:
                sys.exit(f"{doc}: block {name} starts with output, not a $ command")
            steps[-1][1].append(line.strip())
    return steps


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("doc")
    parser.add_argument("name")
    parser.add_argument("--cwd", required=True)
    parser.add_argument("--env", action="append", default=[])
    parser.add_argument("--path", action="append", default=[])
    args = parser.parse_args()

    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    for item in args.env:
        key, _, value = item.partition("=")
        env[key] = value
    env["PATH"] = os.pathsep.join(args.path + [env.get("PATH", "")])

    steps = commands(args.doc, args.name)
    with tempfile.TemporaryDirectory(prefix="opgen-doc-") as tmp:
        script = ["set -e"]
        for i, (command, _) in enumerate(steps):
            out = os.path.join(tmp, f"{i}.out")
            script.append(f"echo '$ '{quote(command)}")
            script.append(f"{{ {command} ; }} > {out} 2>&1 || {{ rc=$?; cat {out}; "
                          f"echo \"command failed ($rc)\"; exit 1; }}")
            script.append(f"cat {out}")
        result = subprocess.run(["bash", "-c", "\n".join(script)], cwd=args.cwd, env=env)
        if result.returncode != 0:
            return 1
        for i, (command, expected) in enumerate(steps):
            output = open(os.path.join(tmp, f"{i}.out")).read()
            pos = 0
            for line in expected:
                found = output.find(line, pos)
                if found < 0:
                    print(f"{args.doc} [{args.name}]: the output of '{command}' lacks "
                          f"'{line}':\n{output}")
                    return 1
                pos = found + len(line)
    print(f"{args.doc} [{args.name}]: {len(steps)} commands passed")
    return 0


def quote(text):
    return "'" + text.replace("'", "'\\''") + "'"


if __name__ == "__main__":
    sys.exit(main())
