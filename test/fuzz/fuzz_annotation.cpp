//===- fuzz_annotation.cpp - libFuzzer target: annotations to ops ---------===//
//
// The input is a whole C++ source file. It is parsed by the real frontend
// (runFrontendOnCode: the Preprocessor's token watcher feeding the
// AnnotationScanner, attachment to declarations, lowering) with a small
// stand-in for torch's types force-included (kPrelude below) and no other
// file visible. When the frontend reports no error, the check phase, fake
// assignment and every emitter run too, as in the driver.
//
// Invariants, beyond "no crash and no sanitizer report":
//   * every diagnostic comes with an argument for each %N of its message and
//     hint;
//   * every checked op's schema parses back to itself from both printed forms
//     (docs/types.md: every emitted schema must round-trip);
//   * the emitters produce a manifest.
//
// Inputs that contain `__debug` are skipped: `#pragma clang __debug crash`
// and friends crash Clang on purpose.
//===----------------------------------------------------------------------===//
#include "opgen/check/Check.h"
#include "opgen/support/Diagnostics.h"
#include "opgen/emit/Emit.h"
#include "opgen/check/Fakes.h"
#include "opgen/frontend/Frontend.h"
#include "opgen/model/Schema.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace opgen;

namespace {

constexpr const char *kInput = "/fuzz/input.cpp";
constexpr const char *kPreludePath = "/fuzz/prelude.h";

/// Just enough of the standard library and of torch for every schema type
/// to be spelled the way kernels spell it (docs/types.md).
constexpr const char *kPrelude = R"cpp(
typedef long int64_t;
typedef int int32_t;
typedef unsigned long size_t;
namespace std {
template <class E> class initializer_list {
  const E *b; size_t n;
public:
  constexpr initializer_list() : b(nullptr), n(0) {}
  constexpr size_t size() const { return n; }
};
struct nullopt_t { explicit constexpr nullopt_t(int) {} };
inline constexpr nullopt_t nullopt{0};
template <class T> class optional {
public:
  constexpr optional() {}
  constexpr optional(nullopt_t) {}
  template <class U> constexpr optional(U &&) {}
  bool has_value() const;
  const T &value() const;
  const T &operator*() const;
  const T *operator->() const;
  explicit operator bool() const;
};
template <class T> class vector {
public:
  vector();
  vector(initializer_list<T>);
  explicit vector(size_t, const T & = T());
  size_t size() const;
  T &operator[](size_t);
  T &back();
  void push_back(const T &);
};
template <class... T> class tuple {
public:
  tuple(const T &...);
};
template <class... T> tuple<T...> make_tuple(const T &...);
template <class T, size_t N> struct array { T elems[N ? N : 1]; };
template <class C> class basic_string {
public:
  basic_string();
  basic_string(const C *);
};
template <class C> class basic_string_view {
public:
  constexpr basic_string_view() {}
  constexpr basic_string_view(const C *) {}
};
using string = basic_string<char>;
using string_view = basic_string_view<char>;
template <class T> struct numeric_limits {
  static constexpr T infinity() { return T(__builtin_huge_val()); }
  static constexpr T quiet_NaN() { return T(__builtin_nan("")); }
  static constexpr T max();
  static constexpr T min();
};
} // namespace std
namespace c10 {
class SymInt {
public:
  SymInt(int64_t);
  int64_t expect_int() const;
  int64_t guard_int(const char *, int64_t) const;
};
class Scalar {
public:
  Scalar(double);
  Scalar(int64_t);
  Scalar(int);
  Scalar(bool);
};
class Device {
public:
  Device(const char *);
};
class Generator {};
enum class ScalarType : signed char { Byte, Char, Short, Int, Long, Half, Float, Double, Bool };
constexpr ScalarType kFloat = ScalarType::Float, kDouble = ScalarType::Double,
                     kLong = ScalarType::Long, kInt = ScalarType::Int,
                     kBool = ScalarType::Bool, kHalf = ScalarType::Half;
enum class Layout : signed char { Strided, Sparse };
constexpr Layout kStrided = Layout::Strided;
enum class MemoryFormat : signed char { Contiguous, Preserve, ChannelsLast };
template <class T> class ArrayRef {
public:
  constexpr ArrayRef() {}
  ArrayRef(const T &);
  ArrayRef(std::initializer_list<T>);
  ArrayRef(const std::vector<T> &);
  size_t size() const;
  const T &operator[](size_t) const;
  const T &back() const;
  std::vector<T> vec() const;
};
template <class T> class OptionalArrayRef {
public:
  constexpr OptionalArrayRef() {}
  constexpr OptionalArrayRef(std::nullopt_t) {}
  OptionalArrayRef(std::initializer_list<T>);
  template <class U> OptionalArrayRef(U &&);
};
template <class T> class List {
public:
  List();
};
template <class C> class basic_string_view {
public:
  constexpr basic_string_view() {}
  constexpr basic_string_view(const C *) {}
};
using string_view = basic_string_view<char>;
using IntArrayRef = ArrayRef<int64_t>;
using SymIntArrayRef = ArrayRef<SymInt>;
using OptionalIntArrayRef = OptionalArrayRef<int64_t>;
using std::nullopt;
using std::optional;
} // namespace c10
namespace at {
using namespace c10;
class TensorOptions {
public:
  TensorOptions dtype(ScalarType) const;
  TensorOptions device(Device) const;
};
class Tensor {
public:
  int64_t size(int64_t) const;
  c10::SymInt sym_size(int64_t) const;
  IntArrayRef sizes() const;
  int64_t dim() const;
  int64_t numel() const;
  ScalarType scalar_type() const;
  TensorOptions options() const;
  Tensor clone(std::optional<MemoryFormat> = std::nullopt) const;
  Tensor new_empty(IntArrayRef, TensorOptions = {}) const;
  Tensor new_zeros(IntArrayRef, TensorOptions = {}) const;
  Tensor contiguous() const;
  Tensor view(IntArrayRef) const;
  void *data_ptr() const;
  bool is_cuda() const;
};
using TensorList = ArrayRef<Tensor>;
Tensor empty(IntArrayRef, TensorOptions = {});
Tensor empty_like(const Tensor &, std::optional<MemoryFormat> = std::nullopt);
Tensor zeros(IntArrayRef, TensorOptions = {});
Tensor zeros_like(const Tensor &);
Tensor full(IntArrayRef, const Scalar &, TensorOptions = {});
} // namespace at
namespace torch {
using namespace at;
} // namespace torch
#define TORCH_CHECK(cond, ...) ((void)(cond))
)cpp";

[[noreturn]] void violated(const char *What, const std::string &Detail) {
  std::fprintf(stderr, "annotation fuzzer: %s\n  %s\n", What, Detail.c_str());
  std::abort();
}

/// How many arguments \p Format needs (one more than its highest `%N`).
size_t placeholders(const char *Format) {
  size_t N = 0;
  for (const char *P = Format; *P; ++P)
    if (P[0] == '%' && P[1] >= '0' && P[1] <= '9')
      N = std::max(N, size_t(P[1] - '0') + 1);
  return N;
}

void checkDiagnostics(const RecordingDiagSink &Diags) {
  for (const RecordingDiagSink::Record &R : Diags.Records) {
    const DiagInfo &Info = diagInfo(R.Id);
    if (R.Args.size() < placeholders(Info.Message) ||
        R.Args.size() < placeholders(Info.Hint))
      violated("a diagnostic reported with too few arguments",
               std::string(Info.Name) + ": " + formatDiag(Info.Message, R.Args));
  }
}

void checkRoundTrip(const OpSchema &S) {
  std::string Definition = S.fullName() + printSignature(S);
  llvm::Expected<OpSchema> Again = parseSchema(Definition);
  if (!Again) {
    llvm::consumeError(Again.takeError());
    violated("an op's schema does not parse back", Definition);
  } else if (*Again != S) {
    violated("an op's schema does not parse back", Definition);
  }
  std::string Torch = printSchema(S);
  llvm::Expected<OpSchema> FromTorch = parseSchema(Torch);
  if (!FromTorch)
    llvm::consumeError(FromTorch.takeError());
  else if (printSchema(*FromTorch) != Torch)
    violated("torch's spelling of an op's schema is not a fixed point", Torch);
}

/// OPGEN_FUZZ_VERBOSE=1: print what each input gives (to inspect seeds).
const bool Verbose = std::getenv("OPGEN_FUZZ_VERBOSE") != nullptr;

void print(const RecordingDiagSink &Diags) {
  for (const RecordingDiagSink::Record &R : Diags.Records)
    std::fprintf(stderr, "%s: %s\n", R.Loc.str().c_str(),
                 formatDiag(diagInfo(R.Id).Message, R.Args).c_str());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Code(reinterpret_cast<const char *>(Data), Size);
  if (Code.find("__debug") != std::string::npos)
    return -1; // Not added to the corpus.

  RecordingDiagSink Diags;
  llvm::Expected<FrontendResult> Result = runFrontendOnCode(
      Code, kInput, {{kPreludePath, kPrelude}},
      {"-std=c++17", "-include", kPreludePath}, Diags);
  checkDiagnostics(Diags);
  std::string NotCompiled =
      Result ? std::string() : llvm::toString(Result.takeError());
  if (Verbose) {
    std::fprintf(stderr, "compiled: %s\n",
                 Result ? "yes" : ("no: " + NotCompiled).c_str());
    print(Diags);
  }
  if (!Result)
    return 0;
  if (Diags.errorCount())
    return 0;

  OpLibrary Library;
  Library.Sources = {kInput};
  RecordingDiagSink CheckDiags;
  Library.Ops = checkOps(Result->Functions, CheckDiags);
  bool Checked = CheckDiags.errorCount() == 0;
  checkDiagnostics(CheckDiags);
  if (Verbose)
    print(CheckDiags);
  if (!Checked)
    return 0;
  for (const Op &O : Library.Ops) {
    checkRoundTrip(O.Schema);
    if (Verbose)
      std::fprintf(stderr, "op: %s\n", printSchema(O.Schema).c_str());
  }

  Library.PythonPackage =
      Library.Ops.empty() ? "ops" : Library.Ops.front().Schema.Namespace;
  Library.LibraryName = Library.PythonPackage + "_ops";
  assignFakes(Library, CheckDiags);
  checkDiagnostics(CheckDiags);
  EmitOptions Opts;
  Opts.OutputDir = "/fuzz/out";
  Opts.Root = "/";
  Opts.RuntimeIncludeDir = "/fuzz/runtime/include";
  llvm::Expected<FileSet> Files = emitAll(Library, Opts);
  if (!Files)
    violated("emitAll failed", llvm::toString(Files.takeError()));
  else if (!Library.Ops.empty() && !Files->count("manifest.json"))
    violated("no manifest.json", Library.Ops.front().Schema.fullName());
  return 0;
}
