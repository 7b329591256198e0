//===- Main.cpp - The opgen command-line driver ---------------------------===//
//
// opgen [options] <sources>... -o <dir> [-p <build-dir>] [-- <compiler args>]
// opgen --discover [options] <sources>... -o <record.json> [-- <compiler args>]
// opgen --combine [options] <record.json>... -o <dir>
// opgen --build-preamble <sources>... -o <file.pch> [--preamble-cache <dir>]
//                        [-- <compiler args>]
// opgen --list-outputs --python-package <name> [--fake-module <file.py>]
//                      [--python-module <m> --no-python-package] <sources>...
// opgen plan --python-package <name> -o <dir> [options] <sources>...
//            [-- <compiler args>]
// opgen project -o <dir> --python-package <name> [options] <sources>...
//               [-- <compiler args>]
// opgen init <dir> [--namespace <name>]
// opgen migrate <sources>... [-p <build-dir>] [--diff | --in-place]
//               [--verify [--verify-arg=<arg>]...] [--root <dir>]
//               [-- <compiler args>]
//
// Argument parsing only: the options become an opgen::Invocation, and
// opgen::runInvocation (lib/pipeline, Pipeline.h) computes its Plan and runs
// the mode it names, one phase after another.
//===----------------------------------------------------------------------===//
#include "opgen/pipeline/Pipeline.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"

#include <string>
#include <vector>

using namespace llvm;

namespace {

cl::OptionCategory Category("opgen options");

// opgen init <dir> [--namespace <name>]: a starter op library.
cl::SubCommand InitCommand("init",
                           "Create a starter op library in <dir>: an annotated "
                           "kernel with a fake and a backward, samples, "
                           "CMakeLists.txt, pyproject.toml and a README");
// opgen plan: the Plan and the build graph add_custom_op() runs.
cl::SubCommand PlanCommand(
    "plan",
    "Print the build of an op library as JSON (docs/cli.md#the-build-graph): "
    "the Plan's sources and outputs, every step that runs opgen with its "
    "command line, inputs, outputs and depfile, and the library's "
    "translation units; add_custom_op() makes its build from it");
// opgen project: a one-call CMake project (opgen.load()).
cl::SubCommand ProjectCommand(
    "project",
    "Write <dir>/CMakeLists.txt, a CMake project around one add_custom_op() "
    "call of <sources> (what opgen.load() builds; "
    "docs/cli.md#a-one-call-project); rewritten only when it changes");
// opgen pch-cache ... -- <compile>: the compiler PCH cache launcher.
cl::SubCommand PchCacheCommand(
    "pch-cache",
    "Run <compile command> (after --), a compile add_custom_op() makes: the "
    "compiler precompiled header's through the PCH cache (OPGEN_PCH_CACHE, "
    "docs/cmake.md#build-time), shared by build directories and projects, "
    "any other compile as it is");
cl::opt<std::string> PchCacheDir("cache",
                                 cl::desc("The PCH cache directory"),
                                 cl::value_desc("dir"),
                                 cl::sub(PchCacheCommand), cl::cat(Category));
cl::opt<std::string> PchBuildDir(
    "build-dir",
    cl::desc("The build directory (its path is keyed as a placeholder, so "
             "that another build directory shares the entry)"),
    cl::value_desc("dir"), cl::sub(PchCacheCommand), cl::sub(PlanCommand),
    cl::cat(Category));
cl::opt<std::string> PchCompiler(
    "compiler", cl::desc("The C++ compiler of the command"),
    cl::value_desc("c++"), cl::sub(PchCacheCommand), cl::cat(Category));
cl::opt<std::string> PchDefineSymbol(
    "define-symbol",
    cl::desc("The library's own define (-D<target>_EXPORTS): left out of the "
             "PCH where no header it reads names it"),
    cl::value_desc("name"), cl::sub(PchCacheCommand), cl::cat(Category));
// opgen migrate <sources>...: hand-written registrations -> annotations.
cl::SubCommand MigrateCommand(
    "migrate",
    "Turn the TORCH_LIBRARY/TORCH_LIBRARY_IMPL registrations of <sources> "
    "into [[custom_op]] annotations on their kernels, each op's schema "
    "proven equal; what cannot be expressed is kept with a warning "
    "(docs/migrate.md). Without --diff or --in-place it only says what "
    "would change");

// The options of both the top level and `opgen migrate`.
cl::list<std::string> Sources(cl::Positional, cl::desc("<sources>..."),
                              cl::sub(*cl::TopLevelSubCommand),
                              cl::sub(MigrateCommand), cl::sub(PlanCommand),
                              cl::sub(ProjectCommand), cl::cat(Category));
cl::opt<std::string> BuildPath("p", cl::desc("Build directory with compile_commands.json"),
                               cl::value_desc("build-dir"),
                               cl::sub(*cl::TopLevelSubCommand),
                               cl::sub(MigrateCommand), cl::cat(Category));
cl::opt<std::string> Root(
    "root",
    cl::desc("Directory that provenance paths are relative to (default: the "
             "current directory); for migrate, the paths it prints and the "
             "project tree --verify copies"),
    cl::sub(*cl::TopLevelSubCommand), cl::sub(MigrateCommand),
    cl::sub(PlanCommand), cl::cat(Category));

cl::opt<std::string> OutputDir("o", cl::desc("Output directory"),
                               cl::value_desc("dir"), cl::sub(*cl::TopLevelSubCommand), cl::sub(PlanCommand),
    cl::sub(ProjectCommand),
    cl::cat(Category));
cl::opt<std::string> PythonPackage(
    "python-package",
    cl::desc("Python package of the generated library (default: the first op "
             "namespace)"),
    cl::sub(*cl::TopLevelSubCommand), cl::sub(PlanCommand),
    cl::sub(ProjectCommand),
    cl::cat(Category));
cl::opt<std::string> LibraryName(
    "library-name",
    cl::desc("Name of the shared library target, lib<name>.so (default: "
             "<package>_ops)"),
    cl::sub(*cl::TopLevelSubCommand), cl::sub(PlanCommand),
    cl::sub(ProjectCommand),
    cl::cat(Category));
cl::opt<std::string> Samples(
    "samples",
    cl::desc("Python module with author-supplied sample inputs for the "
             "generated tests"),
    cl::value_desc("file.py"), cl::sub(*cl::TopLevelSubCommand), cl::sub(PlanCommand),
    cl::sub(ProjectCommand),
    cl::cat(Category));
cl::opt<std::string> FakeModule(
    "fake-module",
    cl::desc("Python module with the author's fake kernels "
             "(torch.library.register_fake); it becomes <package>.<file stem>"),
    cl::value_desc("file.py"), cl::sub(*cl::TopLevelSubCommand), cl::sub(PlanCommand),
    cl::cat(Category));
cl::opt<std::string> PythonModule(
    "python-module",
    cl::desc("A module of your own Python package that registers fakes for "
             "these ops (e.g. mypkg._meta_registrations): named by "
             "m.set_python_module, imported before the generated skeletons "
             "are registered, at import time, for the ops it left without one"),
    cl::value_desc("module"), cl::sub(*cl::TopLevelSubCommand), cl::sub(PlanCommand), cl::sub(ProjectCommand),
    cl::cat(Category));
cl::opt<bool> NoPythonPackage(
    "no-python-package",
    cl::desc("Generate no Python package (__init__.py, ops.py): the ops "
             "belong to your own package, which loads the library; needs "
             "--python-module"),
    cl::sub(*cl::TopLevelSubCommand), cl::sub(PlanCommand), cl::sub(ProjectCommand),
    cl::cat(Category));
cl::opt<bool> Fragment(
    "fragment",
    cl::desc("Open each namespace with TORCH_LIBRARY_FRAGMENT "
             "(STABLE_TORCH_LIBRARY_FRAGMENT), not TORCH_LIBRARY: for a "
             "namespace whose ops are spread over several libraries, each "
             "loaded on its own"),
    cl::sub(*cl::TopLevelSubCommand), cl::sub(PlanCommand), cl::sub(ProjectCommand),
    cl::cat(Category));
cl::opt<bool> StableAbi(
    "stable-abi",
    cl::desc("Generate a stable-ABI library (STABLE_TORCH_LIBRARY, fakes and "
             "autograd in Python; docs/stable-abi.md) even when no kernel's "
             "signature uses a torch::stable type; a kernel written against "
             "ATen is then an error"),
    cl::sub(*cl::TopLevelSubCommand), cl::sub(PlanCommand),
    cl::cat(Category));
cl::opt<bool> WarningsAsErrors(
    "Werror",
    cl::desc("Treat opgen's warnings as errors: they are printed as errors "
             "(with their [Id]), the run fails and writes nothing (Clang's "
             "own warnings are not concerned: pass -Werror after --)"),
    cl::sub(*cl::TopLevelSubCommand), cl::sub(PlanCommand),
    cl::cat(Category));
cl::opt<std::string> Depfile("depfile", cl::desc("Write a Make-style depfile"),
                             cl::cat(Category));
cl::opt<std::string> DepfileTarget("depfile-target",
                                   cl::desc("Target named in the depfile"),
                                   cl::cat(Category));
cl::opt<unsigned> Jobs(
    "j",
    cl::desc("Parse up to <N> sources at a time, in threads (default 1; 0: one "
             "per core). Output and diagnostics are the same for every <N>"),
    cl::value_desc("N"), cl::init(1), cl::Prefix, cl::cat(Category));
cl::opt<bool> DiscoverMode(
    "discover",
    cl::desc("Only parse: write what the sources contain to -o <file.json>, "
             "a discovery record for --combine"),
    cl::cat(Category));
cl::opt<std::string> WriteShards(
    "write-shards",
    cl::desc("With --discover: also write the shard and declarations header "
             "of each compiled source into <dir>/shards/, <dir> being the "
             "output directory of the --combine that follows (they depend on "
             "their own source only, so they compile before the other sources "
             "are parsed)"),
    cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string> ShardName(
    "shard",
    cl::desc("With --discover --write-shards: the shard of the one compiled "
             "source, relative to <dir>, as the Plan of the whole library "
             "names it (--list-outputs; shards/<file name>, or a trailing "
             "path such as shards/cpu/nms_kernel.cpp when two sources share "
             "a file name). Default: shards/<file name>"),
    cl::value_desc("path"), cl::cat(Category));
cl::opt<bool> CombineMode(
    "combine",
    cl::desc("Generate from discovery records (the inputs, written by "
             "--discover) instead of parsing sources"),
    cl::cat(Category));
cl::opt<bool> BuildPreambleMode(
    "build-preamble",
    cl::desc("Precompile the system headers that every C++ source (or, "
             "without one, every CUDA source) includes first into -o "
             "<file.pch> (and its manifest <file.pch>.json), for --preamble; "
             "kept as it is when up to date"),
    cl::cat(Category));
cl::list<std::string> PreambleFiles(
    "preamble",
    cl::desc("Use the precompiled preamble <file.pch> (--build-preamble) for "
             "each source it fits and is up to date for (repeatable: one per "
             "language, C++ and CUDA); output is the same with and without "
             "it"),
    cl::value_desc("file.pch"), cl::cat(Category));
cl::opt<std::string> PreambleCache(
    "preamble-cache",
    cl::desc("With --build-preamble: keep the PCH in an entry of the cache "
             "<dir>, keyed by its include lines, command and Clang, and take "
             "it from there when another build (or this one before a clean) "
             "left it up to date; the manifest -o <file.pch>.json names it "
             "(CMake: OPGEN_PREAMBLE_CACHE)"),
    cl::value_desc("dir"), cl::sub(*cl::TopLevelSubCommand), cl::sub(PlanCommand),
    cl::cat(Category));
cl::opt<bool> ListOutputsMode(
    "list-outputs",
    cl::desc("Print the files opgen writes for <sources>, --python-package, "
             "--fake-module, --python-module and --no-python-package, as the "
             "run's plan in JSON: each source's language, shard, preamble and "
             "discovery record, each output's path, kind and install "
             "directory; parses nothing"),
    cl::cat(Category));
cl::opt<std::string> InitDir(cl::Positional, cl::desc("<dir>"),
                             cl::sub(InitCommand), cl::cat(Category));
cl::opt<std::string> InitNamespace(
    "namespace",
    cl::desc("Op namespace, C++ namespace and Python package of the new "
             "library (default: the directory's name)"),
    cl::value_desc("name"), cl::sub(InitCommand), cl::cat(Category));
cl::opt<bool> MigrateDiff(
    "diff",
    cl::desc("Print the migration as a unified diff (a/ and b/ paths, "
             "relative to --root); write nothing"),
    cl::sub(MigrateCommand), cl::cat(Category));
cl::opt<bool> MigrateInPlace(
    "in-place",
    cl::desc("Rewrite the files, all of them or none (each new text is "
             "staged before any is replaced)"),
    cl::sub(MigrateCommand), cl::cat(Category));
cl::opt<bool> MigrateVerify(
    "verify",
    cl::desc("First prove the migration: build the project tree (--root) "
             "and a copy of it as migrated, and compare each op's schema, "
             "dispatch keys and Python names (migrate_verify.py, run by "
             "$OPGEN_PYTHON or the environment's Python); nothing is "
             "written or printed unless they are the same"),
    cl::sub(MigrateCommand), cl::cat(Category));
cl::list<std::string> MigrateVerifyArgs(
    "verify-arg",
    cl::desc("An argument for --verify's comparator (repeatable), e.g. "
             "--verify-arg=--package=mypkg (migrate_verify.py --help)"),
    cl::value_desc("arg"), cl::sub(MigrateCommand), cl::cat(Category));
cl::opt<bool> CMakeDir(
    "cmake-dir",
    cl::desc("Print the directory of opgen's CMake package (opgenConfig.cmake, "
             "for opgen_DIR) and exit"),
    cl::cat(Category));
// opgen plan's own options: what the build system found and chose.
cl::opt<std::string> PlanOpgen(
    "opgen",
    cl::desc("The opgen the steps run (default: this one)"),
    cl::value_desc("path"), cl::sub(PlanCommand), cl::cat(Category));
cl::opt<std::string> PlanPython(
    "python",
    cl::desc("The Python with torch the steps ask for torch's headers "
             "(OPGEN_PYTHON in their environment)"),
    cl::value_desc("python"), cl::sub(PlanCommand), cl::cat(Category));
cl::list<std::string> PlanStepArgs(
    "step-arg",
    cl::desc("An opgen option for every step (repeatable; CMake: OPGEN_ARGS)"),
    cl::value_desc("arg"), cl::sub(PlanCommand), cl::sub(ProjectCommand),
    cl::cat(Category));
cl::list<std::string> ProjectIncludeDirs(
    "include-dir",
    cl::desc("An include directory of the kernels (repeatable; CMake: "
             "INCLUDE_DIRECTORIES)"),
    cl::value_desc("dir"), cl::sub(ProjectCommand), cl::cat(Category));
cl::opt<bool> ProjectPlain(
    "plain",
    cl::desc("The sources as a plain torch extension library, without opgen "
             "(migrate --verify's original side)"),
    cl::sub(ProjectCommand), cl::cat(Category));
cl::opt<bool> ProjectCxxOnly(
    "cxx-only",
    cl::desc("Leave the CUDA sources out (those given and those of a "
             "directory given)"),
    cl::sub(ProjectCommand), cl::cat(Category));
cl::opt<bool> ProjectNoDefaultOptimization(
    "no-default-optimization",
    cl::desc("With no build type, the build type's flags only, not -O3 "
             "-DNDEBUG (CMake: NO_DEFAULT_OPTIMIZATION)"),
    cl::sub(ProjectCommand), cl::sub(PlanCommand), cl::cat(Category));
cl::list<std::string> ProjectDefines(
    "define",
    cl::desc("A compile definition of the library and of opgen's parse "
             "(repeatable)"),
    cl::value_desc("name[=value]"), cl::sub(ProjectCommand), cl::cat(Category));
cl::opt<std::string> ProjectOutputName(
    "output-name",
    cl::desc("The library's file name without `lib` and `.so` (a torch "
             "extension's _C)"),
    cl::value_desc("name"), cl::sub(ProjectCommand), cl::cat(Category));
cl::opt<std::string> ProjectOutputDir(
    "output-dir",
    cl::desc("The directory the library is built in"),
    cl::value_desc("dir"), cl::sub(ProjectCommand), cl::cat(Category));
cl::opt<std::string> PlanTargetTorch(
    "target-torch",
    cl::desc("With --stable-abi: the oldest torch the library supports, "
             "MAJOR.MINOR (CMake: TARGET_TORCH)"),
    cl::value_desc("version"), cl::sub(PlanCommand), cl::cat(Category));
cl::opt<bool> PlanNoPreamble(
    "no-preamble",
    cl::desc("Parse every source in full: no preamble step (CMake: "
             "NO_PREAMBLE)"),
    cl::sub(PlanCommand), cl::cat(Category));
cl::opt<opgen::PrecompileMode> PlanPrecompile(
    "precompile-headers",
    cl::desc("auto, on or off: the library's C++ translation units share a "
             "compiler precompiled header of their common include lines "
             "(CMake: OPGEN_PRECOMPILE_HEADERS; auto: two or more C++ "
             "sources, built by GCC)"),
    cl::values(clEnumValN(opgen::PrecompileMode::Auto, "auto", ""),
               clEnumValN(opgen::PrecompileMode::On, "on", ""),
               clEnumValN(opgen::PrecompileMode::Off, "off", "")),
    cl::init(opgen::PrecompileMode::Auto), cl::sub(PlanCommand),
    cl::cat(Category));
cl::opt<std::string> PlanCompilerId(
    "cxx-compiler-id",
    cl::desc("The C++ compiler that builds the library, as CMake names it "
             "(GNU, Clang, ...)"),
    cl::value_desc("id"), cl::sub(PlanCommand), cl::cat(Category));
cl::opt<bool> PlanNoUnity(
    "no-unity-generated",
    cl::desc("Compile each generated file that is not a shard on its own "
             "(CMake: OPGEN_UNITY_GENERATED=OFF)"),
    cl::sub(PlanCommand), cl::cat(Category));
cl::opt<bool> PlanFold(
    "fold-generated",
    cl::desc("Compile them in the first C++ shard's translation unit "
             "(CMake: OPGEN_FOLD_GENERATED)"),
    cl::sub(PlanCommand), cl::cat(Category));
cl::opt<bool> PlanNoRestat(
    "no-restat",
    cl::desc("The build tool runs the steps after an output whose time "
             "changed even when its content did not (not Ninja): each "
             "discovery touches its record"),
    cl::sub(PlanCommand), cl::cat(Category));
cl::opt<std::string> PlanPythonDir(
    "python-dir",
    cl::desc("Where the build lays out the Python package: the library goes "
             "to <dir>/<package>, the Python outputs are copied there "
             "(needs --cmake), the tests run with <dir> on PYTHONPATH"),
    cl::value_desc("dir"), cl::sub(PlanCommand), cl::cat(Category));
cl::opt<std::string> PlanCMake(
    "cmake",
    cl::desc("The CMake that copies the Python outputs (cmake -E "
             "copy_if_different) and sets ccache's environment"),
    cl::value_desc("path"), cl::sub(PlanCommand), cl::cat(Category));
cl::opt<bool> PlanNoTests(
    "no-tests", cl::desc("No opcheck test (CMake: NO_TESTS)"),
    cl::sub(PlanCommand), cl::cat(Category));
cl::opt<bool> PlanNoInstall(
    "no-install",
    cl::desc("No install rules (CMake: OPGEN_INSTALL_OP_LIBRARIES=OFF)"),
    cl::sub(PlanCommand), cl::cat(Category));
cl::opt<bool> PlanSkBuild(
    "skbuild",
    cl::desc("Installed by scikit-build-core: the package at the top of the "
             "wheel's platlib, the headers in <package>/include"),
    cl::sub(PlanCommand), cl::cat(Category));
cl::opt<std::string> PlanInstallPythonDir(
    "install-python-dir",
    cl::desc("Where the package installs, relative to the prefix (CMake: "
             "OPGEN_PYTHON_INSTALL_DIR; default: --python's site-packages)"),
    cl::value_desc("dir"), cl::sub(PlanCommand), cl::cat(Category));
cl::opt<std::string> PlanInstallIncludeDir(
    "install-include-dir",
    cl::desc("Where the C++ headers install, relative to the prefix "
             "(CMake: CMAKE_INSTALL_INCLUDEDIR)"),
    cl::value_desc("dir"), cl::init("include"), cl::sub(PlanCommand),
    cl::cat(Category));
cl::opt<std::string> PlanBuildType(
    "build-type",
    cl::desc("The build type (CMAKE_BUILD_TYPE); none: -O3 -DNDEBUG unless "
             "--no-default-optimization"),
    cl::value_desc("type"), cl::sub(PlanCommand), cl::cat(Category));
cl::opt<bool> PlanMultiConfig(
    "multi-config",
    cl::desc("The generator has several configurations, chosen at build time"),
    cl::sub(PlanCommand), cl::cat(Category));
cl::list<std::string> PlanGeneratedOptimization(
    "generated-optimization",
    cl::desc("An option of the generated translation units that hold no "
             "kernel, in an optimized build (repeatable; CMake: "
             "OPGEN_GENERATED_OPTIMIZATION)"),
    cl::value_desc("option"), cl::sub(PlanCommand), cl::cat(Category));
cl::opt<std::string> PlanCudaCompilerId(
    "cuda-compiler-id",
    cl::desc("The CUDA compiler, as CMake names it (NVIDIA, Clang)"),
    cl::value_desc("id"), cl::sub(PlanCommand), cl::cat(Category));
cl::opt<std::string> PlanPchCache(
    "pch-cache",
    cl::desc("Keep the library's GCC PCHs in <dir> (opgen pch-cache as its "
             "C++ compiler launcher; CMake: OPGEN_PCH_CACHE)"),
    cl::value_desc("dir"), cl::sub(PlanCommand), cl::cat(Category));
cl::opt<std::string> PlanCxxCompiler(
    "cxx-compiler",
    cl::desc("With --pch-cache: the C++ compiler (CMAKE_CXX_COMPILER)"),
    cl::value_desc("path"), cl::sub(PlanCommand), cl::cat(Category));
cl::list<std::string> PlanCxxLauncher(
    "cxx-launcher",
    cl::desc("A word of the C++ compiler launcher the library already has "
             "(repeatable; CMAKE_CXX_COMPILER_LAUNCHER)"),
    cl::value_desc("word"), cl::sub(PlanCommand), cl::cat(Category));
// The steps' options.
cl::opt<std::string> PchHeader(
    "pch-header",
    cl::desc("With --build-preamble: also write <file.h>, the header of the "
             "compiler's precompiled header, from the C++ preamble's include "
             "lines"),
    cl::value_desc("file.h"), cl::cat(Category));
cl::opt<bool> Touch(
    "touch",
    cl::desc("With --discover: touch -o even when its content is unchanged"),
    cl::cat(Category));
cl::opt<std::string> Stamp(
    "stamp",
    cl::desc("With --combine: touch <file> when it succeeds"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> Check("check",
                    cl::desc("Write nothing; exit 1 when the output directory "
                             "is out of date"),
                    cl::cat(Category));

} // namespace

int main(int Argc, const char **Argv) {
  InitLLVM X(Argc, Argv);
  // Everything after `--` goes to the compiler, as in other Clang tools.
  std::vector<const char *> OwnArgs;
  std::vector<std::string> ExtraArgs;
  bool AfterDashDash = false;
  for (int I = 0; I < Argc; ++I) {
    if (!AfterDashDash && StringRef(Argv[I]) == "--") {
      AfterDashDash = true;
      continue;
    }
    if (AfterDashDash)
      ExtraArgs.push_back(Argv[I]);
    else
      OwnArgs.push_back(Argv[I]);
  }
  cl::HideUnrelatedOptions(Category);
  cl::HideUnrelatedOptions(Category, InitCommand);
  cl::HideUnrelatedOptions(Category, MigrateCommand);
  cl::HideUnrelatedOptions(Category, PlanCommand);
  cl::HideUnrelatedOptions(Category, ProjectCommand);
  cl::HideUnrelatedOptions(Category, PchCacheCommand);
  cl::ParseCommandLineOptions(
      static_cast<int>(OwnArgs.size()), OwnArgs.data(),
      "opgen: generates PyTorch custom-op registrations, fakes, Python "
      "bindings and opcheck tests from [[custom_op(...)]] annotations\n");
  opgen::Invocation Inv;
  Inv.Discover = DiscoverMode;
  Inv.Combine = CombineMode;
  Inv.BuildPreamble = BuildPreambleMode;
  Inv.ListOutputs = ListOutputsMode;
  Inv.CMakeDir = CMakeDir;
  Inv.Init = static_cast<bool>(InitCommand);
  Inv.Check = Check;
  Inv.Inputs.assign(Sources.begin(), Sources.end());
  Inv.OutputDir = OutputDir;
  Inv.BuildPath = BuildPath;
  Inv.PythonPackage = PythonPackage;
  Inv.LibraryName = LibraryName;
  Inv.Samples = Samples;
  Inv.FakeModule = FakeModule;
  Inv.PythonModule = PythonModule;
  Inv.NoPythonPackage = NoPythonPackage;
  Inv.StableAbi = StableAbi;
  Inv.Fragment = Fragment;
  Inv.WarningsAsErrors = WarningsAsErrors;
  Inv.Root = Root;
  Inv.Depfile = Depfile;
  Inv.DepfileTarget = DepfileTarget;
  Inv.Jobs = Jobs;
  Inv.WriteShards = WriteShards;
  Inv.Shard = ShardName;
  Inv.Preambles.assign(PreambleFiles.begin(), PreambleFiles.end());
  Inv.PreambleCache = PreambleCache;
  Inv.PchHeader = PchHeader;
  Inv.Touch = Touch;
  Inv.Stamp = Stamp;
  Inv.ExtraArgs = std::move(ExtraArgs);
  Inv.InitDir = InitDir;
  if (MigrateCommand) {
    Inv.Migrate = true;
    Inv.MigrateDiff = MigrateDiff;
    Inv.MigrateInPlace = MigrateInPlace;
    Inv.MigrateVerify = MigrateVerify;
    Inv.MigrateVerifyArgs.assign(MigrateVerifyArgs.begin(),
                                 MigrateVerifyArgs.end());
  }
  if (PlanCommand) {
    Inv.PlanBuild = true;
    opgen::BuildOptions &B = Inv.Build;
    B.Executable = PlanOpgen;
    B.Python = PlanPython;
    B.StepArgs.assign(PlanStepArgs.begin(), PlanStepArgs.end());
    B.TargetTorch = PlanTargetTorch;
    B.NoPreamble = PlanNoPreamble;
    B.Precompile = PlanPrecompile;
    B.CxxCompilerId = PlanCompilerId;
    B.UnityGenerated = !PlanNoUnity;
    B.FoldGenerated = PlanFold;
    B.Restat = !PlanNoRestat;
    B.PythonDir = PlanPythonDir;
    B.CMake = PlanCMake;
    B.Tests = !PlanNoTests;
    B.Install = !PlanNoInstall;
    B.SkBuild = PlanSkBuild;
    B.InstallPythonDir = PlanInstallPythonDir;
    B.InstallIncludeDir = PlanInstallIncludeDir;
    B.BuildType = PlanBuildType;
    B.MultiConfig = PlanMultiConfig;
    B.DefaultOptimization = !ProjectNoDefaultOptimization;
    B.GeneratedOptimization.assign(PlanGeneratedOptimization.begin(),
                                   PlanGeneratedOptimization.end());
    B.CudaCompilerId = PlanCudaCompilerId;
    B.PchCache = PlanPchCache;
    B.PreambleCacheGiven = PreambleCache.getNumOccurrences() > 0;
    B.PchCacheGiven = PlanPchCache.getNumOccurrences() > 0;
    B.BuildDir = PchBuildDir;
    B.CxxCompiler = PlanCxxCompiler;
    B.CxxLauncher.assign(PlanCxxLauncher.begin(), PlanCxxLauncher.end());
  }
  if (PchCacheCommand) {
    Inv.PchCache = true;
    Inv.PchCacheDir = PchCacheDir;
    Inv.PchBuildDir = PchBuildDir;
    Inv.PchCompiler = PchCompiler;
    Inv.PchDefineSymbol = PchDefineSymbol;
  }
  if (ProjectCommand) {
    Inv.Project = true;
    Inv.IncludeDirs.assign(ProjectIncludeDirs.begin(), ProjectIncludeDirs.end());
    Inv.ProjectOpts.Plain = ProjectPlain;
    Inv.ProjectOpts.CxxOnly = ProjectCxxOnly;
    Inv.ProjectOpts.NoDefaultOptimization = ProjectNoDefaultOptimization;
    Inv.ProjectOpts.Defines.assign(ProjectDefines.begin(), ProjectDefines.end());
    Inv.ProjectOpts.OutputName = ProjectOutputName;
    Inv.ProjectOpts.OutputDirectory = ProjectOutputDir;
    Inv.Build.StepArgs.assign(PlanStepArgs.begin(), PlanStepArgs.end());
  }
  if (InitNamespace.getNumOccurrences())
    Inv.InitNamespace = InitNamespace.getValue();
  return opgen::runInvocation(Inv);
}
