//===- Model.h - The op library model ---------------------------*- C++ -*-===//
///
/// \file
/// Plain structs that carry what the frontend found (annotations, kernels, the
/// C++ shape of their parameters) to the check and emit phases. They hold
/// strings and enums, never Clang types: emitters never include clang/AST.
///
/// What may depend on model/: every other folder (frontend, analysis,
/// check, emit, write, pipeline, the driver, the tests). It depends on
/// nothing of opgen's but itself, and on LLVM's Support library only.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_MODEL_H
#define OPGEN_MODEL_H

#include "opgen/model/Enums.h"
#include "opgen/model/Schema.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <string>
#include <vector>

namespace opgen {

/// A position in a source file, as the user should see it (expansion
/// location for macro-produced code). Line and column are 1-based.
struct SourceLoc {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;

  bool valid() const { return !File.empty() && Line != 0; }
  /// `file:line`, the provenance form used in generated files.
  std::string str() const;
  bool operator==(const SourceLoc &O) const {
    return File == O.File && Line == O.Line && Column == O.Column;
  }
  bool operator<(const SourceLoc &O) const {
    return std::tie(File, Line, Column) < std::tie(O.File, O.Line, O.Column);
  }
};

/// The path of \p Path relative to \p Root when it lies below it, else
/// \p Path unchanged. Used for provenance and diagnostics.
std::string displayPath(const std::string &Path, const std::string &Root);

/// The relative path from directory \p FromDir to \p To (both absolute),
/// e.g. `../../kernels/crop.cpp`.
std::string relativePath(const std::string &FromDir, const std::string &To);

enum class DispatchKey { OPGEN_DISPATCH_KEYS(OPGEN_ENUM_VALUE) };
OPGEN_ENUM_NAMES(DispatchKey, OPGEN_DISPATCH_KEYS);

/// The dispatch key's name as in `TORCH_LIBRARY_IMPL(ns, <name>, m)`.
inline std::string_view dispatchKeyName(DispatchKey K) { return enumName(K); }

/// The key named by the annotation's `device="..."` value, if any.
std::optional<DispatchKey> deviceKey(std::string_view Device);

/// Every `device="..."` value, comma-separated, for messages.
std::string deviceNames();

/// The `device="..."` spelling of \p K (`cuda`).
std::string deviceName(DispatchKey K);

/// Whether \p Device has an autocast key (OPGEN_AUTOCAST_DEVICES).
bool hasAutocast(DispatchKey Device);

/// The devices `autocast_devices` may name, comma-separated, for messages.
std::string autocastDeviceNames();

/// The devices an `autocast="..."` op casts for when `autocast_devices`
/// is not given: cpu and cuda.
std::vector<DispatchKey> defaultAutocastDevices();

/// The dtype an `autocast="..."` op runs in under autocast.
enum class AutocastDtype { OPGEN_AUTOCAST_DTYPES(OPGEN_ENUM_VALUE) };
OPGEN_ENUM_NAMES(AutocastDtype, OPGEN_AUTOCAST_DTYPES);

/// The C++ constant of \p D (`at::kFloat`).
std::string_view autocastScalarType(AutocastDtype D);

/// The torch dtype (`float32`, `int64`) a C++ ScalarType constant names
/// (`at::kFloat`, `at::ScalarType::Long`, `c10::kInt`), or nullopt when it
/// names none.
std::optional<std::string> torchDtypeOf(std::string_view Constant);

/// The language a kernel is written in (from the file that declares it).
enum class Language { OPGEN_LANGUAGES(OPGEN_ENUM_VALUE) };
OPGEN_ENUM_NAMES(Language, OPGEN_LANGUAGES);

/// The API a kernel is written against: ATen/libtorch (`at::Tensor`) or
/// PyTorch's stable ABI (`torch::stable::Tensor`, docs/stable-abi.md).
enum class KernelAbi { OPGEN_KERNEL_ABIS(OPGEN_ENUM_VALUE) };
OPGEN_ENUM_NAMES(KernelAbi, OPGEN_KERNEL_ABIS);

/// X(Kind, Key): the keys each kind of annotation takes, in the order the
/// known-keys hint lists them. docs/annotation.md explains each.
#define OPGEN_ANNOTATION_KEYS(X)                                               \
  X(CustomOp, Mutates)                                                         \
  X(CustomOp, Kwonly)                                                          \
  X(CustomOp, Tags)                                                            \
  X(CustomOp, Device)                                                          \
  X(CustomOp, Symint)                                                          \
  X(CustomOp, Autocast)                                                        \
  X(CustomOp, Aliases)                                                         \
  X(CustomOp, Returns)                                                         \
  X(CustomOp, Args)                                                            \
  X(CustomOp, AutocastDevices)                                                 \
  X(Backward, Device)                                                          \
  X(Backward, Symint)                                                          \
  X(Backward, Name)                                                            \
  X(Backward, Bind)                                                            \
  X(Backward, Grads)                                                           \
  X(Backward, Args)

/// A key of an annotation (`mutates`, `device`, ...): resolved from its
/// spelling once, where the annotation is read (the frontend, a discovery
/// record); later phases never look a key up by its spelling.
enum class AnnotationKey { OPGEN_ANNOTATION_KEY_NAMES(OPGEN_ENUM_VALUE) };
OPGEN_ENUM_NAMES(AnnotationKey, OPGEN_ANNOTATION_KEY_NAMES);

/// A string-valued key of an annotation, with where its value was written.
struct AnnotationValue {
  std::string Text;
  SourceLoc Loc;
};

enum class AnnotationKind { OPGEN_ANNOTATION_KINDS(OPGEN_ENUM_VALUE) };
OPGEN_ENUM_NAMES(AnnotationKind, OPGEN_ANNOTATION_KINDS);

/// `[[custom_op("ns::name", key="value", ...)]]` as read from the tokens.
struct Annotation {
  AnnotationKind Kind = AnnotationKind::CustomOp;
  SourceLoc Loc;        ///< The attribute name token.
  AnnotationValue Name; ///< The qualified op name.
  /// The keys its kind takes (OPGEN_ANNOTATION_KEYS), in source order;
  /// duplicates are diagnosed by the frontend.
  std::vector<std::pair<AnnotationKey, AnnotationValue>> Keys;
  /// The keys its kind does not take, as written, in source order: the
  /// check phase reports them (AttrUnknownKey, BackwardKey).
  std::vector<std::pair<std::string, AnnotationValue>> UnknownKeys;

  /// The value of \p Key, if the annotation has it.
  const AnnotationValue *find(AnnotationKey Key) const;
  /// Whether a key spelled \p Written was read already (known or not).
  bool hasKey(std::string_view Written) const;
  /// Adds the key spelled \p Written: to Keys when the annotation's kind
  /// takes it, else to UnknownKeys. Kind must be set first.
  void addKey(std::string_view Written, AnnotationValue Value);
};

/// The keys an annotation of kind \p K takes (OPGEN_ANNOTATION_KEYS).
std::vector<AnnotationKey> annotationKeys(AnnotationKind K);

/// The key spelled \p Written, if an annotation of kind \p K takes it.
std::optional<AnnotationKey> annotationKey(AnnotationKind K,
                                           std::string_view Written);

/// The concrete C++ family a kernel parameter uses for its schema type, so
/// the generated wrapper can convert from the dispatcher's canonical type.
enum class CppContainer {
  // None: a single value; ArrayRef: c10::ArrayRef<T> (IntArrayRef,
  // TensorList, ...); Vector: std::vector<T>; StdArray: std::array<bool, N>;
  // List: c10::List<std::optional<at::Tensor>>; OptionalArrayRef:
  // c10::OptionalArrayRef<T> (at::OptionalIntArrayRef).
  OPGEN_CPP_CONTAINERS(OPGEN_ENUM_VALUE)
};
OPGEN_ENUM_NAMES(CppContainer, OPGEN_CPP_CONTAINERS);

/// Where a kernel's body writes one of its parameters (analysis/Mutation.cpp).
struct TensorWrite {
  std::string How; ///< e.g. `'add_()'`, `a store through its data_ptr`.
  SourceLoc Loc;

  bool operator==(const TensorWrite &O) const {
    return How == O.How && Loc == O.Loc;
  }
};

/// What a kernel's body does to one parameter.
struct ParamEffects {
  std::vector<TensorWrite> Writes; ///< Certain writes, in source order.
  /// Used where opgen cannot follow it (a helper function, a local alias
  /// that may or may not share storage, ...): it may be written.
  bool Escapes = false;

  bool operator==(const ParamEffects &O) const {
    return Writes == O.Writes && Escapes == O.Escapes;
  }
};

/// One parameter of a kernel, with every fact the frontend found about it:
/// how the kernel takes it, and what its body does to it. Its schema
/// argument is the same position of AnnotatedFunction::Inferred (the
/// frontend makes one argument per parameter, in order) and of its op's
/// schema: Kernel::param and Kernel::paramNamed are the one link between
/// the two. The argument's name is the parameter's unless `args="..."`
/// names it apart; facts the body analyses give by parameter name
/// (FakeExpr, FakeOutput) are renamed to the schema's names by the check.
struct CppParam {
  std::string Name; ///< The C++ name; the schema's may differ (`args`).
  std::string Spelling; ///< The C++ type as written, for messages.
  CppContainer Container = CppContainer::None;
  bool StdOptional = false; ///< Wrapped in std::optional<...>.
  bool StdString = false;   ///< std::string rather than a string_view.
  bool MutableRef = false;  ///< Non-const lvalue reference (`at::Tensor&`).
  /// The element is int64_t where the schema may say SymInt: the wrapper
  /// then converts with guard_int.
  bool ConcreteInt = false;
  SourceLoc Loc;
  /// What the body does to the parameter (analysis/Mutation.cpp); unset
  /// when the body was not seen.
  std::optional<ParamEffects> Effects;
};

/// How a kernel returns.
struct CppReturn {
  std::string Spelling;
  /// `at::Tensor&`, or `std::tuple<at::Tensor&, ...>` (every element a
  /// reference): the out-variant form, returning mutated arguments.
  bool Reference = false;
};

/// An expression over an op's arguments, lowered from a kernel body for a
/// synthesised fake. Integer-valued expressions become SymInt-aware C++ (a
/// tensor's size is read with `sym_size`); list-valued ones are sizes.
struct FakeExpr {
  /// Integer-, bool- or ScalarType-valued: Literal (`Text` as written:
  /// `2`, `true`, `at::ScalarType::Long`), Arg (the scalar argument `Name`),
  /// ArgItem (`Name[Ops[0]]` of an `int[]` argument), ArgLength
  /// (`Name.size()` of a list argument), Size (`Name.size(Ops[0])` of a
  /// tensor argument), Dim (`Name.dim()`), Numel (`Name.numel()`),
  /// ScalarTypeOf (`Name.scalar_type()`), Unary (`Text Ops[0]`, Text one of
  /// `-`, `!`), Binary (`Ops[0] Text Ops[1]`: arithmetic, comparison, `&&`,
  /// `||`), Cond (`Ops[0] ? Ops[1] : Ops[2]`).
  /// Sizes (lists of integers): Sizes (`Name.sizes()` of a tensor argument),
  /// ListArg (the `int[]` argument `Name` as a whole), List (`{Ops...}`),
  /// SetItem (`Ops[0]` with item `Ops[1]` replaced by `Ops[2]`; a negative
  /// index counts from the end, `back()` is -1).
  enum class Kind { OPGEN_FAKE_EXPR_KINDS(OPGEN_ENUM_VALUE) };
  Kind K = Kind::Literal;
  std::string Name; ///< The argument, for argument kinds.
  std::string Text; ///< The literal or operator.
  std::vector<FakeExpr> Ops;

  /// A stable spelling, for comparing expressions and for tests.
  std::string str() const;
};
OPGEN_ENUM_NAMES(FakeExpr::Kind, OPGEN_FAKE_EXPR_KINDS);

/// How a synthesised fake makes one output, mirroring the kernel's
/// allocation with metadata only.
struct FakeOutput {
  /// Empty: `at::empty_symint(Sizes, Like.options()[.dtype(Dtype)])`;
  /// EmptyLike: `at::empty_like(Like[, MemoryFormat])`; Argument: the
  /// argument `Like` itself (out= variants return it).
  enum class Kind { OPGEN_FAKE_OUTPUT_KINDS(OPGEN_ENUM_VALUE) };
  Kind K = Kind::Empty;
  std::string Like; ///< The tensor argument giving dtype, device and layout.
  std::optional<FakeExpr> Sizes;
  std::optional<FakeExpr> Dtype;
  std::string MemoryFormat; ///< e.g. `at::MemoryFormat::Contiguous`, or empty.
  /// EmptyLike only: the kernel called it on `Like.contiguous(fmt)`; this is
  /// that memory format (`at::MemoryFormat::Contiguous` for a plain
  /// `.contiguous()`), or empty when it called it on `Like` itself. The
  /// fake makes the same call, so its strides are the kernel's.
  std::string LikeContiguous;
  std::string Factory;      ///< The kernel's call, e.g. `at::empty`.
  SourceLoc Loc;            ///< Where the kernel allocates it.

  std::string str() const;
};
OPGEN_ENUM_NAMES(FakeOutput::Kind, OPGEN_FAKE_OUTPUT_KINDS);

/// The torch value a C++ literal of a kernel's allocation names, as torch's
/// Python spells it: an integer without its suffix (`2`, from `2L`),
/// `True`/`False`, a dtype (`torch.float32`, from `at::kFloat`); nullopt
/// for one opgen knows no value of (`-1LL`, an enumerator of its own).
std::optional<std::string> pythonValueOf(std::string_view Literal);

/// The torch memory format a C++ MemoryFormat constant names
/// (`torch.channels_last` from `at::MemoryFormat::ChannelsLast`), or
/// nullopt.
std::optional<std::string> pythonMemoryFormatOf(std::string_view Constant);

/// The first C++ constant of \p Outs that names no torch value opgen knows
/// (pythonValueOf, pythonMemoryFormatOf), if any: a fake written in Python
/// (a stable library's, a per-device one) cannot be made of those facts.
std::optional<std::string>
unknownFakeConstant(const std::vector<FakeOutput> &Outs);

/// A fake derived from the allocations in a kernel's body; or, when none
/// could be derived, why not.
struct FakeSynthesis {
  std::vector<FakeOutput> Outputs; ///< One per schema return, when Ok.
  bool Ok = false;
  std::string Why; ///< When not Ok: the reason, for the note.
  SourceLoc WhyLoc;
};

/// Whether a kernel's body runs on Meta tensors as it is: it calls only
/// ATen/dispatcher ops on tensors (analysis/MetaSafety.cpp). Such a kernel
/// is registered for Meta as its op's fake.
struct MetaSafety {
  bool Safe = false;
  std::string Why; ///< When not Safe: the first reason, e.g. `calls 'data_ptr'`.
  SourceLoc WhyLoc;
};

/// One C++ function registered as the kernel of an op for one dispatch key.
struct Kernel {
  DispatchKey Key = DispatchKey::CPU;
  /// The language of the file that declares the kernel; it picks the
  /// default dispatch key.
  Language Lang = Language::Cxx;
  /// The API the kernel's signature uses (frontend/TypeMapper decides).
  KernelAbi Abi = KernelAbi::Classic;
  /// Expression that names the function from file scope of its own
  /// translation unit, e.g. `::mylib::crop` (anonymous namespaces elided).
  std::string Callee;
  /// The input source whose generated shard hosts the wrapper (it #includes
  /// that source, so static and anonymous-namespace functions are reachable).
  std::string HostSource;
  SourceLoc Loc; ///< The annotated declaration.
  std::vector<CppParam> Params;
  CppReturn Ret;
  /// What the body's allocations say about the outputs (kernels only; unset
  /// when the body was not seen, e.g. a declaration without definition).
  std::optional<FakeSynthesis> Synthesis;
  /// What the body checks of its arguments' metadata (`TORCH_CHECK(
  /// w.size(0) == x.size(-1))`): bool expressions that hold whenever the
  /// kernel does not throw (analysis/ShapeChecks). The generated tests
  /// derive sample shapes from them.
  std::vector<FakeExpr> Checks;
  /// Whether the body runs on Meta tensors as it is (unset when the body
  /// was not seen).
  std::optional<MetaSafety> MetaSafe;
  /// The schema the kernel's wrapper in its shard is written for: the op's
  /// schema as the kernel's own source alone says it (check/Assemble.h,
  /// assembleShardLibrary), so that a shard depends on its source only. It
  /// differs from the op's where a kernel in another source widens an int
  /// to SymInt, or for a C++ fake in another source than its op (no alias
  /// sets); registration.cpp then registers an adapter. Unset: the op's.
  /// Set by the check phase; not part of the discovery record.
  std::optional<OpSchema> WrapperSchema;

  /// The parameter that takes argument \p Arg of the op's schema (and of
  /// AnnotatedFunction::Inferred): the same position. Null for a kernel
  /// with fewer parameters (a hand-made model).
  const CppParam *param(size_t Arg) const {
    return Arg < Params.size() ? &Params[Arg] : nullptr;
  }
  /// The schema argument taken by the C++ parameter \p CppName, if any.
  std::optional<size_t> paramNamed(std::string_view CppName) const {
    for (size_t I = 0; I < Params.size(); ++I)
      if (Params[I].Name == CppName)
        return I;
    return std::nullopt;
  }
};

/// One annotated function as lowered by the frontend, before ops are merged.
struct AnnotatedFunction {
  Annotation Attr;
  /// Schema inferred from the C++ signature alone: names, types (int64_t as
  /// `int`, c10::SymInt as `SymInt`), defaults and returns. The op name,
  /// alias sets, kw-only marker and overload are applied by the check phase.
  /// Its argument I is the schema side of parameter I of Impl.Params.
  OpSchema Inferred;
  Kernel Impl;
};

/// Where an op's fake (meta) kernel comes from. None: no fake (a skeleton
/// that raises is generated in Python); NotNeeded: the op only mutates and
/// returns nothing; Cpp: an author-written `[[custom_op_fake]]` registered
/// as Meta; Python: registered by the author's fake module; Synthesized:
/// derived by opgen from a kernel's allocations (Meta); Composite: a
/// CompositeExplicitAutograd kernel runs on fake tensors; Kernel: a CPU
/// kernel whose body is meta-safe is also registered for Meta; PerDevice:
/// the kernels of different devices allocate their outputs differently, and
/// a Python fake follows the device of the inputs, each device from its own
/// kernel's synthesised facts (`Op::KernelFacts`), or, for the device of a
/// meta-safe CPU kernel (`Op::FakeRunsKernel`), from that kernel run on the
/// fake tensors.
enum class FakeKind { OPGEN_FAKE_KINDS(OPGEN_ENUM_VALUE) };
OPGEN_ENUM_NAMES(FakeKind, OPGEN_FAKE_KINDS);

/// Metadata of a forward tensor argument (`x.size(0)`, `x.sizes()`, ...).
enum class BoundMetadata { OPGEN_BOUND_METADATA(OPGEN_ENUM_VALUE) };
OPGEN_ENUM_NAMES(BoundMetadata, OPGEN_BOUND_METADATA);

/// Where one argument of a backward op comes from, matched by the backward
/// function's parameter name.
struct BackwardInput {
  enum class Kind {
    Grad,   ///< `grad`, `grad_<i>`, `grad_<name>`: an output's gradient.
    Input,  ///< A forward argument, by its name.
    Result, ///< `result`, `result_<i>`: a forward output.
    Bound,  ///< `bind="name=x.size(0)"`: metadata of the forward tensor
            ///< argument Index, saved instead of the tensor.
    /// `output_mask` (`bool[N]`): whether each tensor input needs its
    /// gradient, from the autograd context.
    OutputMask,
  };
  Kind K = Kind::Grad;
  size_t Index = 0; ///< The output (Grad, Result) or forward argument;
                    ///< for OutputMask, the mask's length.
  std::string Name; ///< The backward's parameter name.
  BoundMetadata Metadata = BoundMetadata::Size; ///< For Bound.
  int64_t Dim = 0; ///< For Bound `size(Dim)`; negative counts from the end.
};

/// The autograd glue of an op whose backward is `[[custom_op_backward]]`.
struct AutogradInfo {
  OpSchema Backward; ///< The backward op (`ns::op_backward`), as checked.
  std::vector<BackwardInput> Inputs; ///< One per backward argument.
  /// Per forward output: whether the backward takes its gradient (the
  /// others are marked non-differentiable).
  std::vector<bool> Differentiable;
  /// The forward tensor arguments (indices) whose gradients the backward
  /// returns, in its order: every tensor argument, or those `grads="..."`
  /// names. The others get no gradient.
  std::vector<size_t> GradInputs;
  SourceLoc Loc; ///< The backward function.
};

/// A checked operator: the unified schema and every kernel it has.
struct Op {
  OpSchema Schema;
  std::vector<std::string> Tags;
  std::vector<Kernel> Kernels; ///< At most one per dispatch key, by key.
  SourceLoc Loc;               ///< The first annotated function naming
                               ///< the op (its name: provenance's file:line).
  FakeKind Fake = FakeKind::None;
  /// Where the fake is (`file:line` or the fake module), for provenance.
  std::string FakeWhere;
  /// The synthesised fake, when Fake is Synthesized.
  std::vector<FakeOutput> SynthesizedFake;
  /// What each device kernel's body says of its outputs (its synthesis,
  /// when opgen could follow it and the schema accepts it), in kernel
  /// order: the per-device fake (PerDevice) is made from them, and the
  /// generated tests check every inferred fake against them, on devices
  /// the test machine does not have too. Set by the check phase.
  std::vector<std::pair<DispatchKey, std::vector<FakeOutput>>> KernelFacts;
  /// With a PerDevice fake: the device (CPU) whose branch runs its kernel
  /// itself on the fake tensors, a meta-safe kernel, whose metadata opgen
  /// cannot follow but which is its own fake there.
  std::optional<DispatchKey> FakeRunsKernel;
  /// Training support, when a `[[custom_op_backward]]` names this op.
  std::optional<AutogradInfo> Autograd;
  /// `autocast="..."`: the Autocast kernels of AutocastDevices run the op
  /// in this dtype and cast floating outputs back.
  std::optional<AutocastDtype> Autocast;
  SourceLoc AutocastLoc; ///< The autocast value that set it.
  /// With Autocast: the devices whose Autocast keys get a kernel
  /// (`autocast_devices`, else defaultAutocastDevices()), in the order of
  /// OPGEN_AUTOCAST_DEVICES.
  std::vector<DispatchKey> AutocastDevices;
  /// For a backward op (`ns::op_backward`): the op it differentiates. Without
  /// an Autograd of its own, differentiating it raises a clear error.
  std::string BackwardOf;

  /// Whether FakeTensor, torch.compile and torch.export can run the op.
  bool hasFake() const { return Fake != FakeKind::None; }
  /// The op's kernel for \p Key, if it has one.
  const Kernel *kernel(DispatchKey Key) const {
    for (const Kernel &K : Kernels)
      if (K.Key == Key)
        return &K;
    return nullptr;
  }
};

/// Whether \p O gets an Autograd kernel: its backward's glue, or for a
/// backward op without a backward of its own, one that refuses to be
/// differentiated.
bool hasAutogradKernel(const Op &O);

/// Whether \p O has no backward and so gets the Autograd kernel that
/// raises when it is differentiated (opgen::rt::no_backward; in the stable
/// flavour, a Python one): not an op with a [[custom_op_backward]], not a
/// backward op (hasAutogradKernel refuses those), not an op differentiable
/// through its decomposition (a CompositeImplicitAutograd kernel).
bool refusesGradient(const Op &O);

/// The op library's name, lib<name>.so: \p Given (--library-name,
/// add_custom_op's target), else `<package>_ops`.
std::string libraryNameOf(const std::string &Given, const std::string &Package);

/// The author's Python module of fakes (add_custom_op's FAKE_MODULE).
struct FakeModule {
  std::string Name;        ///< Module name inside the package (file stem).
  std::string DisplayPath; ///< As given, for provenance.
  std::string Text;        ///< Its contents, copied into the package.
  /// The ops it registers a fake for (`ns::op`, `ns::op.overload`), as
  /// Python's parser reads its register_fake calls.
  std::set<std::string> Registers;
};

/// Everything the emitters need.
struct OpLibrary {
  std::vector<Op> Ops;           ///< Sorted by full name.
  std::vector<std::string> Sources; ///< Input files, as given.
  /// The Python package that hosts the library, `ops` and fakes.
  std::string PythonPackage;
  /// Base name of the shared library (`lib<LibraryName>.so`).
  std::string LibraryName;
  /// Optional author-supplied samples module, as a path relative to the
  /// generated tests directory.
  std::string SamplesPath;
  /// Optional author-written module of Python fakes.
  std::optional<FakeModule> Fakes;
  /// `--python-module`: a module of the author's own package that registers
  /// fakes (e.g. `vision._meta_registrations`); named by
  /// `m.set_python_module` and imported by the generated fakes module before
  /// it decides, at import time, which ops still need a skeleton. Empty: none.
  std::string PythonModule;
  /// False with `--no-python-package`: no generated `__init__.py`/`ops.py`;
  /// the package is the author's own.
  bool GeneratePackage = true;
  /// With `--fragment`: each namespace is registered in a
  /// TORCH_LIBRARY_FRAGMENT (STABLE_TORCH_LIBRARY_FRAGMENT), which claims
  /// no namespace, so that other libraries may define ops of it too.
  bool Fragment = false;
  /// The registration flavour of the whole library: `Classic` (ATen,
  /// TORCH_LIBRARY, C++ autograd and fakes) or `Stable` (STABLE_TORCH_LIBRARY
  /// with TORCH_BOX; fakes and autograd in Python; docs/stable-abi.md). Decided
  /// by the check phase from the kernels' `Kernel::Abi` and `--stable-abi`;
  /// never `Either`.
  KernelAbi Abi = KernelAbi::Classic;
  /// What each compiled source's shard is emitted from: the library as that
  /// source alone says it (check/Assemble.h, assembleShardLibrary), in the
  /// order of Sources. Empty: the shards are emitted from this library.
  std::vector<OpLibrary> ShardLibraries;

  /// The generated fakes module's name inside the package: the author's fake
  /// module's stem, `fakes`, or `_opgen_fakes` when the package is the
  /// author's (a name an author's own module is unlikely to have).
  std::string fakeModuleStem() const {
    if (Fakes)
      return Fakes->Name;
    return GeneratePackage ? "fakes" : "_opgen_fakes";
  }
  /// The module named by `m.set_python_module`: `--python-module`, else the
  /// (generated or copied) fakes module of the package.
  std::string fakeModuleName() const {
    return PythonModule.empty() ? PythonPackage + "." + fakeModuleStem()
                                : PythonModule;
  }
  /// Whether some author-written Python registers fakes (FAKE_MODULE or
  /// PYTHON_MODULE): then which ops lack a fake is known only at import time.
  bool hasAuthorFakeModule() const { return Fakes || !PythonModule.empty(); }
};

} // namespace opgen

#endif // OPGEN_MODEL_H
