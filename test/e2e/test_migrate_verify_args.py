"""migrate_verify.py's command line (docs/migrate.md#proof-opgen-migrate---verify):
each --verify-arg of one kind counts, `--include=a --include=b` as
`--include a b` (issue #50: only the last one did)."""
import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "tool" / "scripts" / "migrate_verify.py"


def _parser():
    spec = importlib.util.spec_from_file_location("opgen_migrate_verify", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.parser()


def test_repeated_arguments_all_count():
    args = _parser().parse_args([
        "orig", "migrated", "--include=csrc", "--include=third_party/include",
        "--define=A=1", "--define", "B", "C=2", "--sources=a.cpp", "--sources=b.cpp"])
    assert args.include == ["csrc", "third_party/include"]
    assert args.define == ["A=1", "B", "C=2"]
    assert args.sources == ["a.cpp", "b.cpp"]
