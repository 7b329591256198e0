"""The compiler precompiled header cache of add_custom_op() (OPGEN_PCH_CACHE,
docs/cmake.md#build-time): GCC's PCH of the torch headers, built once and
kept across build directories and clean builds, as opgen's preamble cache
keeps its Clang preambles.

usage: opgen_pch_cache.py --cache DIR --build-dir DIR --compiler CXX -- COMMAND...

A compiler launcher. COMMAND is the compile CMake runs (after any other
launcher, e.g. ccache): a compile that is not a PCH's (no `-x c++-header`)
runs as it is. For a PCH's, the cache entry <cache>/gcc-pch-<hash> is named
after everything the PCH is built from but the headers it reads: the
compiler (its real path, size, time and `--version`), every argument but
the output and dependency-file names, with the build directory's path
replaced by a placeholder (so that another build directory of the same
project shares it), and the text of the files of the build directory it
includes (CMake's cmake_pch.hxx, add_custom_op's include lines). The entry
holds the PCH, pch.gch, and manifest.json: that key and, for every other
file the compile read (its dependency file: the headers), its path, size
and modification time. An entry serves only when its key is the
same and every such header is unchanged; GCC itself rejects a PCH built
with other flags (-Winvalid-pch), not one whose headers changed since.

An entry is looked up, built and removed under an exclusive flock on its
`lock` file; its PCH and manifest are renamed into place (the manifest
last, so an entry without one is incomplete and built again). The PCH is
copied into the build directory (never linked: each build's copy is its
own, so no other build's eviction, rebuild or time stamp reaches it). A
build that waits for an entry's lock longer than OPGEN_PCH_LOCK_TIMEOUT
seconds (300) compiles its PCH itself, with a warning. After each lookup,
the least recently used entries beyond OPGEN_PCH_CACHE_ENTRIES (4; each is
hundreds of MB) are removed, never one locked by another process.
OPGEN_PCH_CACHE_VERBOSE=1 prints what happened (hit, built) to stderr.
"""
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time

FORMAT = 1
PREFIX = "gcc-pch-"


def option(args, name):
    """The value after `name` in args (the last one), or None."""
    value = None
    for i, a in enumerate(args[:-1]):
        if a == name:
            value = args[i + 1]
    return value


def is_pch_compile(args):
    return any(a == "-x" and b == "c++-header" for a, b in zip(args, args[1:]))


def under(path, directory):
    path, directory = os.path.realpath(path), os.path.realpath(directory)
    return path == directory or path.startswith(directory.rstrip(os.sep) + os.sep)


def say(message):
    if os.environ.get("OPGEN_PCH_CACHE_VERBOSE"):
        print(f"opgen_pch_cache: {message}", file=sys.stderr)


def local_files(first, build_dir):
    """The files of the build directory the PCH's compile includes: `first`
    (the -include file) and each file of the build directory it names in an
    #include "..." line, recursively."""
    seen, todo = [], [first]
    while todo:
        f = todo.pop(0)
        if f in seen or not os.path.isfile(f):
            continue
        seen.append(f)
        with open(f, encoding="utf-8", errors="replace") as text:
            for line in text:
                line = line.strip()
                if line.startswith("#include") and '"' in line:
                    name = line.split('"')[1]
                    if not os.path.isabs(name):
                        name = os.path.join(os.path.dirname(f), name)
                    if under(name, build_dir):
                        todo.append(os.path.normpath(name))
    return seen


def without_outputs(args):
    """A compile's arguments without its output and dependency-file names
    (-o, -MF, -MT, -MQ and their values; -MD, -MMD)."""
    kept, skip = [], False
    for a in args:
        if skip:
            skip = False
        elif a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
        elif a not in ("-MD", "-MMD"):
            kept.append(a)
    return kept


def cache_key(compiler, args, build_dir, cwd):
    """The text the entry is named after: all a PCH is built from but the
    headers it reads outside the build directory."""
    real = os.path.realpath(shutil.which(compiler) or compiler)
    st = os.stat(real)
    version = subprocess.run([real, "--version"], capture_output=True, text=True).stdout
    kept = without_outputs(args)

    def placeholder(text):
        return text.replace(os.path.realpath(build_dir), "<build>").replace(build_dir, "<build>")
    key = [f"format {FORMAT}", f"compiler {real} {st.st_size} {st.st_mtime_ns}", version.strip(),
           "args"] + [placeholder(a) for a in kept]
    first = option(args, "-include")
    files = local_files(os.path.join(cwd, first), build_dir) if first else []
    source = args[-1] if args else ""
    if source and os.path.isfile(os.path.join(cwd, source)):
        files.append(os.path.join(cwd, source))
    for f in files:
        with open(f, encoding="utf-8", errors="replace") as text:
            key += [f"file {placeholder(f)}", placeholder(text.read())]
    return "\n".join(key) + "\n", files


def read_depfile(path):
    """The prerequisites of a make-style dependency file."""
    with open(path) as f:
        text = f.read().replace("\\\n", " ")
    deps = []
    for line in text.splitlines():
        if ":" not in line:
            continue
        rest = line.split(":", 1)[1]
        word, escaped = "", False
        for c in rest:
            if escaped:
                word += c
                escaped = False
            elif c == "\\":
                escaped = True
            elif c.isspace():
                if word:
                    deps.append(word)
                word = ""
            else:
                word += c
        if word:
            deps.append(word)
    return deps


def stat_of(path):
    st = os.stat(path)
    return [st.st_size, st.st_mtime_ns]


def entry_serves(entry, key):
    try:
        with open(os.path.join(entry, "manifest.json")) as f:
            manifest = json.load(f)
        if manifest.get("key") != key or not os.path.isfile(os.path.join(entry, "pch.gch")):
            return None
        for path, size, mtime in manifest["headers"]:
            if stat_of(path) != [size, mtime]:
                return None
        return manifest
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_atomically(path, data):
    tmp = f"{path}.tmp.{os.getpid()}"
    with open(tmp, "w") as f:
        f.write(data)
    os.replace(tmp, path)


def escape(path):
    return path.replace(" ", "\\ ")


def lock(path, exclusive, timeout):
    """An flock on `path` (made if missing), waiting up to `timeout`
    seconds; None when still busy."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    mode = (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB
    deadline = time.monotonic() + timeout
    while True:
        try:
            fcntl.flock(fd, mode)
            return fd
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                return None
            time.sleep(0.05)


def locked_entry(entry, timeout):
    """The entry made if missing and locked exclusively (a removed one,
    renamed away while this waited, is made again); None on timeout."""
    while True:
        try:
            os.makedirs(entry, exist_ok=True)
            fd = lock(os.path.join(entry, "lock"), True, timeout)
        except FileNotFoundError:
            continue  # removed between the two: made again
        if fd is None:
            return None
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(os.path.join(entry, "lock")))
        except OSError:
            same = False
        if same:
            return fd
        os.close(fd)


def remove_entry(cache, entry):
    """Removes the entry whose lock the caller holds: renamed away first, so
    that no build finds it half-deleted (one waiting for its lock makes a
    new one)."""
    gone = os.path.join(cache, f".removing-{os.path.basename(entry)}-{os.getpid()}")
    try:
        os.rename(entry, gone)
    except OSError:
        return False
    shutil.rmtree(gone, ignore_errors=True)
    return True


def evict(cache, keep):
    try:
        limit = int(os.environ.get("OPGEN_PCH_CACHE_ENTRIES", "4"))
    except ValueError:
        limit = 4
    entries = []
    for name in os.listdir(cache):
        path = os.path.join(cache, name)
        if name.startswith(PREFIX) and path != keep and os.path.isdir(path):
            try:
                used = os.stat(os.path.join(path, "used")).st_mtime_ns
            except OSError:
                used = 0
            entries.append((used, path))
    entries.sort()
    excess = len(entries) + 1 - limit
    for _, path in entries:
        if excess <= 0:
            break
        fd = lock(os.path.join(path, "lock"), True, 0)
        if fd is None:
            continue  # being looked up or built by another build
        try:
            if remove_entry(cache, path):
                excess -= 1
        finally:
            os.close(fd)


def publish(pch, out):
    tmp = f"{out}.tmp.{os.getpid()}"
    shutil.copyfile(pch, tmp)
    os.replace(tmp, out)


def run_pch(argv):
    sep = argv.index("--")
    opts, cmd = argv[:sep], argv[sep + 1:]
    cache, build_dir, compiler = (option(opts, n) for n in ("--cache", "--build-dir", "--compiler"))
    at = max(i for i, a in enumerate(cmd) if a == compiler) if compiler in cmd else 0
    args = cmd[at + 1:]
    cwd = os.getcwd()
    out, depfile, target = option(args, "-o"), option(args, "-MF"), option(args, "-MT")
    if not out or not cache:
        return subprocess.call(cmd)
    out, depfile = os.path.join(cwd, out), depfile and os.path.join(cwd, depfile)
    key, local = cache_key(compiler, args, build_dir, cwd)
    os.makedirs(cache, exist_ok=True)
    entry = os.path.join(cache, PREFIX + hashlib.sha256(key.encode()).hexdigest()[:20])
    timeout = float(os.environ.get("OPGEN_PCH_LOCK_TIMEOUT", "300"))
    fd = locked_entry(entry, timeout)
    if fd is None:
        print(f"opgen_pch_cache: warning: the PCH cache entry '{entry}' was still locked by "
              f"another build after {timeout:g} seconds; compiling this build's PCH alone",
              file=sys.stderr)
        return subprocess.call(cmd)
    try:
        manifest = entry_serves(entry, key)
        if manifest is None:
            tmp_pch = os.path.join(entry, f"pch.gch.tmp.{os.getpid()}")
            tmp_dep = os.path.join(entry, f"deps.tmp.{os.getpid()}")
            built = list(cmd[:at + 1])
            skip = False
            for a in args:
                if skip:
                    skip = False
                    continue
                if a in ("-o", "-MF"):
                    built += [a, tmp_pch if a == "-o" else tmp_dep]
                    skip = True
                else:
                    built.append(a)
            if "-MF" not in args:
                built += ["-MD", "-MF", tmp_dep]
            rc = subprocess.call(built)
            if rc != 0:
                # Nothing half-made is left: no entry for what does not compile.
                remove_entry(cache, entry)
                return rc
            # The files of the build directory it includes are in the key;
            # every other file it read (a header of the build directory
            # found through an include path too) is checked by its stat.
            keyed = {os.path.realpath(f) for f in local}
            headers = [os.path.abspath(os.path.join(cwd, d)) for d in read_depfile(tmp_dep)]
            headers = sorted({h for h in headers if os.path.realpath(h) not in keyed})
            os.unlink(tmp_dep)
            manifest = {"format": FORMAT, "key": key,
                        "headers": [[h] + stat_of(h) for h in headers]}
            os.replace(tmp_pch, os.path.join(entry, "pch.gch"))
            write_atomically(os.path.join(entry, "manifest.json"), json.dumps(manifest, indent=1))
            say(f"built {entry}")
        else:
            say(f"hit {entry}")
        publish(os.path.join(entry, "pch.gch"), out)
        if depfile:
            deps = local + [h for h, _, _ in manifest["headers"]]
            write_atomically(depfile, f"{target or out}: " +
                             " \\\n  ".join(escape(d) for d in deps) + "\n")
        with open(os.path.join(entry, "used"), "w"):
            pass
    finally:
        os.close(fd)
    evict(cache, entry)
    return 0


def main(argv):
    cmd = argv[argv.index("--") + 1:]
    if not is_pch_compile(cmd):
        os.execvp(cmd[0], cmd)
    return run_pch(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
