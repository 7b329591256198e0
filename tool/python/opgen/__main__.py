"""``python -m opgen <args>`` and the ``opgen`` console script: runs the
bundled executable with the same arguments (``--cmake-dir``, ``init``, ...).

opgen asks the environment's Python for torch's headers when it parses
without a compile database; unless ``OPGEN_PYTHON`` says otherwise, that is
this interpreter, the one opgen is installed for.
"""

from __future__ import annotations

import os
import sys

from . import executable


def main() -> None:
    exe = executable()
    os.environ.setdefault("OPGEN_PYTHON", sys.executable)
    os.execv(exe, [exe, *sys.argv[1:]])


if __name__ == "__main__":
    main()
