"""The PEP 517 backend of opgen's wheel (pyproject.toml): scikit-build-core,
and then the wheel's honest platform tag.

scikit-build-core tags a wheel ``linux_x86_64``, a tag no package index
accepts. The executable links only the C library (OPGEN_STATIC_LLVM), so the
wheel runs wherever that glibc is new enough: it is retagged
``manylinux_2_<N>_x86_64``, N the newest ``GLIBC_2.<N>`` symbol version
``opgen/bin/opgen`` needs (read from its ELF ``.dynstr``; ctest's
``opgen_wheel`` checks it against ``objdump -T``). Other platforms fail here,
before anything is built.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import platform
import re
import struct
import sys
import zipfile

from scikit_build_core import build as _skbuild
from scikit_build_core.build import (  # noqa: F401  (the backend's hooks)
    build_sdist,
    get_requires_for_build_sdist,
)

EXECUTABLE = "opgen/bin/opgen"


def _check_platform() -> None:
    if not (sys.platform.startswith("linux") and platform.machine() in ("x86_64", "AMD64")):
        raise RuntimeError(
            "opgen's wheel is built for Linux x86-64 only (it bundles Clang 16 "
            f"for x86-64), not {sys.platform} {platform.machine()}"
        )


def get_requires_for_build_wheel(config_settings=None):
    _check_platform()
    return _skbuild.get_requires_for_build_wheel(config_settings)


def glibc_needed(elf: bytes) -> tuple[int, int]:
    """The newest GLIBC_x.y version named in an ELF64 file's .dynstr."""
    if elf[:4] != b"\x7fELF" or elf[4] != 2:
        raise RuntimeError(f"{EXECUTABLE} is not an ELF64 file")
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3A)

    def section(i):
        name, _type, _flags, _addr, off, size = struct.unpack_from(
            "<IIQQQQ", elf, shoff + i * shentsize)
        return name, off, size

    _, names_off, _ = section(shstrndx)
    for i in range(shnum):
        name, off, size = section(i)
        end = elf.index(b"\0", names_off + name)
        if elf[names_off + name:end] == b".dynstr":
            # Names are NUL-separated (and .dynstr starts with a NUL).
            versions = re.findall(rb"(?<=\0)GLIBC_(\d+)\.(\d+)(?:\.\d+)?(?=\0)",
                                  elf[off:off + size])
            if not versions:
                raise RuntimeError(f"{EXECUTABLE} names no GLIBC version")
            return max((int(a), int(b)) for a, b in versions)
    raise RuntimeError(f"{EXECUTABLE} has no .dynstr (not dynamically linked?)")


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"{name},sha256={digest.decode()},{len(data)}"


def retag(path: str) -> str:
    """Rewrites the wheel at ``path`` with the manylinux tag its executable
    allows; returns the new file name."""
    with zipfile.ZipFile(path) as zin:
        major, minor = glibc_needed(zin.read(EXECUTABLE))
        entries = [(info, zin.read(info)) for info in zin.infolist()]
    plat = f"manylinux_{major}_{minor}_x86_64"
    old = os.path.basename(path)
    stem, ext = os.path.splitext(old)
    parts = stem.split("-")
    parts[-1] = plat
    new = "-".join(parts) + ext
    wheel_name = next(i.filename for i, _ in entries if i.filename.endswith(".dist-info/WHEEL"))
    record_name = wheel_name[: -len("WHEEL")] + "RECORD"
    wheel_data = re.sub(rb"^(Tag: [^-\n]+-[^-\n]+-)\S+$", rb"\g<1>" + plat.encode(),
                        dict((i.filename, d) for i, d in entries)[wheel_name], flags=re.M)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info, data in entries:
            if info.filename == wheel_name:
                data = wheel_data
            elif info.filename == record_name:
                lines = [
                    _record_line(wheel_name, wheel_data) if line.startswith(wheel_name + ",") else line
                    for line in data.decode().splitlines()
                ]
                data = ("\n".join(lines) + "\n").encode()
            zout.writestr(info, data)
    directory = os.path.dirname(path)
    with open(os.path.join(directory, new), "wb") as f:
        f.write(out.getvalue())
    if new != old:
        os.remove(path)
    return new


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _check_platform()
    name = _skbuild.build_wheel(wheel_directory, config_settings, metadata_directory)
    return retag(os.path.join(wheel_directory, name))
