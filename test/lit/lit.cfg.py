# lit configuration for opgen's tool tests: each test runs build/bin/opgen on
# an annotated input and checks the generated files or the diagnostics with
# FileCheck.
import os

import lit.formats

config.name = "opgen"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".cu", ".h", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.opgen_build_dir, "test", "lit")

# OPGEN_LIT_TOOL_DIR: a directory searched before the build's bin/, e.g. one
# holding an `opgen` wrapper (scripts/compare-outputs.sh records every run).
config.environment["PATH"] = os.pathsep.join(
    ([os.environ["OPGEN_LIT_TOOL_DIR"]] if os.environ.get("OPGEN_LIT_TOOL_DIR") else []) +
    [os.path.join(config.opgen_build_dir, "bin"), config.llvm_tools_dir,
     config.environment.get("PATH", os.environ.get("PATH", ""))])
config.substitutions.append(("%python", config.python))
# The built opgen itself, for tools that run it (CMake's execute_process).
config.substitutions.append(("%opgen_path", os.path.join(config.opgen_build_dir, "bin", "opgen")))
config.substitutions.append(("%torch_include", config.torch_include_dirs[0]))
config.substitutions.append(("%runtime_include", config.runtime_include_dir))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
# A project a test configures with add_custom_op() keeps its preambles in
# a cache of the test tree's own, never the user's shared one (lit passes on
# no other environment); a test of the cache itself names its own.
config.environment["OPGEN_PREAMBLE_CACHE"] = os.path.join(
    config.test_exec_root, "preamble-cache")
for name in ("OPGEN_GOLDEN_BIN", "OPGEN_GOLDEN_DIR", "OPGEN_GOLDEN_PYTHON"):
    if name in os.environ:
        config.environment[name] = os.environ[name]
