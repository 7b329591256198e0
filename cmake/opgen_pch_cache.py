"""The compiler precompiled header cache of add_custom_op() (OPGEN_PCH_CACHE,
docs/cmake.md#build-time): GCC's PCH of the torch headers, built once and
kept across build directories and clean builds, as opgen's preamble cache
keeps its Clang preambles.

usage: opgen_pch_cache.py --cache DIR --build-dir DIR --compiler CXX
                          [--define-symbol NAME] -- COMMAND...

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
the least recently used PCHs beyond OPGEN_PCH_CACHE_ENTRIES (4; each is
hundreds of MB) are removed, each with the entries that share it (below),
and of each PCH the entries beyond the ENTRIES_PER_PCH (8) that used it
last (each a manifest of its own), never one locked by another process.
OPGEN_PCH_CACHE_VERBOSE=1 prints what happened (hit, adopted, built) to
stderr.

An entry is shared by content too: when no entry has a PCH's key (another
project, another source directory, another library of the same flags, as
every library's PCH of <opgen/precompiled.h>), its compile is preprocessed
(`-E -dD`) and the entry takes the PCH of another entry (a hard link) whose
content key is the same: the compiler, every argument but the include
paths, the output names and the build directory's files it includes, the
text of those files (naming each other by placeholders, so that the names
of another library's directories do not count), and the preprocessed
output, whose line markers name every header read (the build directory's
files by placeholders) and which holds every macro definition. The other
entry must still serve (its headers unchanged). So a PCH is shared only
where the compile would read the same headers, found by the same paths,
with the same flags, to the same macros: an include directory that
shadows a header or holds one a header probes for (__has_include), a
header changed, another define, gives a content key of its own.
"""
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

FORMAT = 1
PREFIX = "gcc-pch-"
# The entries one PCH is kept for (see evict).
ENTRIES_PER_PCH = 8


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


def quoted_include(line, including):
    """The path an `#include "..."` line of the file `including` names
    (relative to that file's directory), or None for another line."""
    line = line.strip()
    if not line.startswith("#include") or '"' not in line:
        return None
    name = line.split('"')[1]
    return os.path.normpath(os.path.join(os.path.dirname(including), name))


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
                name = quoted_include(line, f)
                if name and under(name, build_dir):
                    todo.append(name)
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


def placeholder(text, build_dir):
    """`text` with the build directory's path as `<build>`."""
    return text.replace(os.path.realpath(build_dir), "<build>").replace(build_dir, "<build>")


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def compiler_identity(compiler):
    """The compiler as a key holds it: its real path, size, time, version."""
    real = os.path.realpath(shutil.which(compiler) or compiler)
    st = os.stat(real)
    version = subprocess.run([real, "--version"], capture_output=True, text=True).stdout
    return f"format {FORMAT}\ncompiler {real} {st.st_size} {st.st_mtime_ns}\n{version.strip()}"


def cache_key(compiler, args, build_dir, cwd):
    """The text the entry is named after: all a PCH is built from but the
    headers it reads outside the build directory."""
    ident = compiler_identity(compiler)
    kept = without_outputs(args)

    key = [ident, "args"] + [placeholder(a, build_dir) for a in kept]
    first = option(args, "-include")
    files = local_files(os.path.join(cwd, first), build_dir) if first else []
    source = args[-1] if args else ""
    if source and os.path.isfile(os.path.join(cwd, source)):
        files.append(os.path.join(cwd, source))
    for f in files:
        key += [f"file {placeholder(f, build_dir)}", placeholder(read(f), build_dir)]
    return "\n".join(key) + "\n", files, ident


INCLUDE_PATHS = ("-I", "-isystem", "-iquote", "-idirafter")


def content_args(args, local_index, cwd):
    """A PCH compile's arguments as its content key holds them: no include
    paths (the preprocessed output names the headers they found), no output
    names, and the build directory's files it includes (the -include file,
    the source; `local_index`: their real paths' numbers) as placeholders
    (their text is in the key)."""
    kept, skip = [], False
    for a in without_outputs(args):
        if skip:
            skip = False
        elif a in INCLUDE_PATHS:
            skip = True
        elif any(a.startswith(o) for o in INCLUDE_PATHS):
            continue
        else:
            kept.append(local_index.get(os.path.realpath(os.path.join(cwd, a)), a))
    return kept


def local_text(path, local_index, build_dir):
    """The text of the build directory's file `path` as the content key
    holds it: the files of the build directory it includes named by their
    placeholders (their own text is in the key, so the name of another
    library's generated directory does not count), the build directory's
    path by its own."""
    lines = []
    for line in read(path).splitlines(keepends=True):
        name = quoted_include(line, path)
        number = name and local_index.get(os.path.realpath(name))
        lines.append(f'#include "{number}"\n' if number else line)
    return placeholder("".join(lines), build_dir)


def content_key(cmd, at, args, local, cwd, version_key, build_dir):
    """The content key of a PCH compile (the module's doc) and the paths of
    the files it reads; (None, []) when it cannot be preprocessed."""
    r = subprocess.run([cmd[at]] + without_outputs(args) + ["-E", "-dD"], cwd=cwd,
                       capture_output=True)
    if r.returncode != 0:
        return None, []
    local_index = {}
    for f in local:
        local_index.setdefault(os.path.realpath(f), f"<local {len(local_index)}>")
    names = {}

    def marker(m):
        name = m.group(2)
        if name not in names:
            path = os.path.realpath(os.path.join(cwd, name.decode(errors="replace")))
            names[name] = local_index.get(path, "").encode() or name
        return m.group(1) + names[name] + b'"'
    text = re.sub(rb'(?m)^(# \d+ ")([^"\n]*)"', marker, r.stdout)
    key = [version_key, "args"] + content_args(args, local_index, cwd)
    for f in local:
        key += [f"file {local_index[os.path.realpath(f)]}", local_text(f, local_index, build_dir)]
    key.append("preprocessed " + hashlib.sha256(text).hexdigest())
    read_paths = [os.path.join(cwd, n.decode(errors="replace")) for n in names]
    return hashlib.sha256("\n".join(key).encode()).hexdigest(), read_paths


def names_macro(paths, name):
    """Whether the text of one of the files `paths` holds `name` (a
    superset of the files that use the macro `name`)."""
    word = name.encode()
    for path in paths:
        try:
            with open(path, "rb") as f:
                if word in f.read():
                    return True
        except OSError:
            continue  # <built-in>, <command-line>
    return False


def pch_content(cmd, at, args, local, cwd, version_key, build_dir, symbol):
    """The content key of a PCH compile, the arguments to compile it with
    and the define left out of them: without `-D<symbol>` where none of the
    files it reads names `symbol` (--define-symbol), else as they are (and
    None)."""
    define = f"-D{symbol}" if symbol else None
    if define in args:
        kept = [a for a in args if a != define]
        content, read_paths = content_key(cmd, at, kept, local, cwd, version_key, build_dir)
        if content and not names_macro(read_paths, symbol):
            return content, kept, define
    return content_key(cmd, at, args, local, cwd, version_key, build_dir)[0], args, None


def adopt(cache, entry, content):
    """A PCH of another entry of the same content key that still serves,
    hard linked (else copied) into `entry`: (its path there, the other
    entry's headers), or None."""
    for name in sorted(os.listdir(cache)):
        donor = os.path.join(cache, name)
        if not name.startswith(PREFIX) or donor == entry or not os.path.isdir(donor):
            continue
        try:
            fd = lock(os.path.join(donor, "lock"), False, 0)
        except OSError:
            continue  # removed meanwhile
        if fd is None:
            continue  # being built or removed
        try:
            with open(os.path.join(donor, "manifest.json")) as f:
                manifest = json.load(f)
            if manifest.get("content") != content or not headers_serve(manifest):
                continue
            tmp = os.path.join(entry, f"pch.gch.tmp.{os.getpid()}")
            try:
                os.link(os.path.join(donor, "pch.gch"), tmp)
            except OSError:
                shutil.copyfile(os.path.join(donor, "pch.gch"), tmp)
            return tmp, manifest["headers"], donor
        except (OSError, ValueError, KeyError, TypeError):
            continue
        finally:
            os.close(fd)
    return None


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


def headers_serve(manifest):
    """Whether every header the manifest's PCH read is as it was then."""
    try:
        return all(stat_of(path) == [size, mtime] for path, size, mtime in manifest["headers"])
    except (OSError, ValueError, KeyError, TypeError):
        return False


def entry_serves(entry, key):
    try:
        with open(os.path.join(entry, "manifest.json")) as f:
            manifest = json.load(f)
        if manifest.get("key") != key or not os.path.isfile(os.path.join(entry, "pch.gch")):
            return None
        return manifest if headers_serve(manifest) else None
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


def pch_identity(entry):
    """The PCH file of an entry as (device, inode): entries that adopted one
    PCH share it; an entry without one is alone."""
    try:
        st = os.stat(os.path.join(entry, "pch.gch"))
        return (st.st_dev, st.st_ino)
    except OSError:
        return entry


def remove_unlocked(cache, path):
    """Removes an entry no other build has locked: whether it is gone."""
    try:
        fd = lock(os.path.join(path, "lock"), True, 0)
    except OSError:
        return False  # removed meanwhile by another build
    if fd is None:
        return False  # being looked up or built by another build
    try:
        return remove_entry(cache, path)
    finally:
        os.close(fd)


def evict(cache, keep):
    """Removes the least recently used PCHs beyond OPGEN_PCH_CACHE_ENTRIES
    (of complete entries: an incomplete one is removed unless another build
    holds it), each with every entry that shares it (their used times the
    latest of theirs), never one locked by another build, nor the one of
    `keep`; and
    of every PCH, `keep`'s too, the entries that share it beyond the
    ENTRIES_PER_PCH most recently used (each a manifest of its own, about
    0.5 MB for the torch headers: one per project, or copy of a project
    with include directories of its own, that adopted it), never `keep`."""
    try:
        limit = int(os.environ.get("OPGEN_PCH_CACHE_ENTRIES", "4"))
    except ValueError:
        limit = 4
    kept = pch_identity(keep)
    pchs = {}
    for name in os.listdir(cache):
        path = os.path.join(cache, name)
        if not name.startswith(PREFIX) or path == keep or not os.path.isdir(path):
            continue
        if not os.path.exists(os.path.join(path, "manifest.json")):
            # Incomplete: being made by another build (locked: left alone),
            # or left by one that died (removed). No PCH to count: counted,
            # one being made would have a finished PCH removed in its place.
            remove_unlocked(cache, path)
            continue
        try:
            used = os.stat(os.path.join(path, "used")).st_mtime_ns
        except OSError:
            used = 0
        pchs.setdefault(pch_identity(path), []).append((used, path))
    for identity, shared in pchs.items():
        room = ENTRIES_PER_PCH - (identity == kept)
        for entry in sorted(shared, reverse=True)[room:]:
            if remove_unlocked(cache, entry[1]):
                shared.remove(entry)
    groups = sorted((max(shared)[0], [p for _, p in shared])
                    for identity, shared in pchs.items() if identity != kept and shared)
    excess = len(groups) + 1 - limit
    for _, paths in groups:
        if excess <= 0:
            break
        if sum(remove_unlocked(cache, path) for path in paths) == len(paths):
            excess -= 1


def install(entry, tmp_pch, manifest):
    """The entry's PCH and then its manifest renamed into place: an entry
    without a manifest is incomplete."""
    os.replace(tmp_pch, os.path.join(entry, "pch.gch"))
    write_atomically(os.path.join(entry, "manifest.json"), json.dumps(manifest, indent=1))


def publish(pch, out):
    tmp = f"{out}.tmp.{os.getpid()}"
    shutil.copyfile(pch, tmp)
    os.replace(tmp, out)


def run_pch(argv):
    sep = argv.index("--")
    opts, cmd = argv[:sep], argv[sep + 1:]
    cache, build_dir, compiler, symbol = (
        option(opts, n) for n in ("--cache", "--build-dir", "--compiler", "--define-symbol"))
    at = max(i for i, a in enumerate(cmd) if a == compiler) if compiler in cmd else 0
    args = cmd[at + 1:]
    cwd = os.getcwd()
    out, depfile, target = option(args, "-o"), option(args, "-MF"), option(args, "-MT")
    if not out or not cache:
        return subprocess.call(cmd)
    out, depfile = os.path.join(cwd, out), depfile and os.path.join(cwd, depfile)
    key, local, ident = cache_key(compiler, args, build_dir, cwd)
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
        content, compile_args, left_out = None, args, None
        if manifest is None and compiler in cmd:
            content, compile_args, left_out = pch_content(cmd, at, args, local, cwd, ident,
                                                          build_dir, symbol)
        adopted = content and adopt(cache, entry, content)
        dropped = f" without {left_out}" if left_out else ""
        if adopted:
            tmp_pch, headers, donor = adopted
            manifest = {"format": FORMAT, "key": key, "content": content, "headers": headers}
            install(entry, tmp_pch, manifest)
            say(f"adopted {entry} from {donor}{dropped}")
        elif manifest is None:
            tmp_pch = os.path.join(entry, f"pch.gch.tmp.{os.getpid()}")
            tmp_dep = os.path.join(entry, f"deps.tmp.{os.getpid()}")
            built = list(cmd[:at + 1])
            skip = False
            for a in compile_args:
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
            # The entry's key is of `args`, its content key and PCH of
            # `compile_args` (without the library's own define, where they
            # differ): the same compile for every build of that key.
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
            manifest = {"format": FORMAT, "key": key, "content": content,
                        "headers": [[h] + stat_of(h) for h in headers]}
            install(entry, tmp_pch, manifest)
            say(f"built {entry}{dropped}")
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
