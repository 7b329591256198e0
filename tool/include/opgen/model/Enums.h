//===- Enums.h - The model's enums and their spellings ----------*- C++ -*-===//
///
/// \file
/// One X-macro table per enum of the model: each value with the one name it
/// has in discovery records, the manifest, generated code and messages. The
/// enums, `enumName` and `parseEnum` are all made from these tables, so a
/// value and its spelling are written once.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_MODEL_ENUMS_H
#define OPGEN_MODEL_ENUMS_H

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

/// X(Value, Name, Device): the dispatch key as in
/// `TORCH_LIBRARY_IMPL(ns, <Name>, m)`, and its `device="..."` spelling.
#define OPGEN_DISPATCH_KEYS(X)                                                 \
  X(CPU, "CPU", "cpu")                                                         \
  X(CUDA, "CUDA", "cuda")                                                      \
  X(Meta, "Meta", "meta")                                                      \
  X(QuantizedCPU, "QuantizedCPU", "quantizedcpu")                              \
  X(QuantizedCUDA, "QuantizedCUDA", "quantizedcuda")                           \
  X(XPU, "XPU", "xpu")                                                         \
  X(MPS, "MPS", "mps")                                                         \
  X(PrivateUse1, "PrivateUse1", "privateuse1")                                 \
  X(CompositeExplicitAutograd, "CompositeExplicitAutograd", "default")         \
  X(CompositeImplicitAutograd, "CompositeImplicitAutograd", "compositeimplicit")

/// X(Value): the dispatch keys (OPGEN_DISPATCH_KEYS) of the devices that
/// `autocast_devices="..."` may name, by their `device=` spelling: each has
/// the autocast key `Autocast<Name>` and the `c10::DeviceType::<Name>` that
/// `at::autocast::cached_cast` takes. In this order their kernels are
/// registered.
#define OPGEN_AUTOCAST_DEVICES(X)                                              \
  X(CPU)                                                                       \
  X(CUDA)                                                                      \
  X(XPU)                                                                       \
  X(MPS)                                                                       \
  X(PrivateUse1)

/// X(Value, Name, Cpp): a dtype `autocast="..."` may name, as torch spells
/// it, and its C++ constant.
#define OPGEN_AUTOCAST_DTYPES(X)                                               \
  X(Float32, "float32", "at::kFloat")                                          \
  X(Float64, "float64", "at::kDouble")                                         \
  X(Float16, "float16", "at::kHalf")                                           \
  X(BFloat16, "bfloat16", "at::kBFloat16")

/// X(Value, Name): the attribute as written in the source.
#define OPGEN_ANNOTATION_KINDS(X)                                              \
  X(CustomOp, "custom_op")                                                     \
  X(Fake, "custom_op_fake")                                                    \
  X(Backward, "custom_op_backward")

/// X(Value, Name): every key an annotation may take, as written in the
/// source. Which kinds take which key is OPGEN_ANNOTATION_KEYS (Model.h);
/// each key has one check (check/keys/).
#define OPGEN_ANNOTATION_KEY_NAMES(X)                                          \
  X(Mutates, "mutates")                                                        \
  X(Kwonly, "kwonly")                                                          \
  X(Tags, "tags")                                                              \
  X(Device, "device")                                                          \
  X(Symint, "symint")                                                          \
  X(Autocast, "autocast")                                                      \
  X(Aliases, "aliases")                                                        \
  X(Returns, "returns")                                                        \
  X(Name, "name")                                                              \
  X(Bind, "bind")                                                              \
  X(Grads, "grads")                                                            \
  X(Args, "args")                                                              \
  X(AutocastDevices, "autocast_devices")

/// X(Value, Name): the C++ language a kernel is written in.
#define OPGEN_LANGUAGES(X)                                                     \
  X(Cxx, "C++")                                                                \
  X(Cuda, "CUDA")

/// X(Value, Name): the C++ API a kernel's signature is written against, read
/// from its parameter and return types. `Either` when nothing in the
/// signature tells (only `int64_t`, `double`, `bool`, `std::string`, ...):
/// such a kernel fits both flavours.
#define OPGEN_KERNEL_ABIS(X)                                                   \
  X(Classic, "classic")                                                        \
  X(Stable, "stable")                                                          \
  X(Either, "either")

/// X(Value, Name): the concrete C++ family of a kernel parameter.
#define OPGEN_CPP_CONTAINERS(X)                                                \
  X(None, "none")                                                              \
  X(ArrayRef, "ArrayRef")                                                      \
  X(Vector, "vector")                                                          \
  X(StdArray, "array")                                                         \
  X(List, "List")                                                              \
  X(OptionalArrayRef, "OptionalArrayRef")                                      \
  X(HeaderOnlyArrayRef, "HeaderOnlyArrayRef")

/// X(Value, Name): the kinds of FakeExpr (Model.h documents each).
#define OPGEN_FAKE_EXPR_KINDS(X)                                               \
  X(Literal, "literal")                                                        \
  X(Arg, "arg")                                                                \
  X(ArgItem, "arg-item")                                                       \
  X(ArgLength, "arg-length")                                                   \
  X(Size, "size")                                                              \
  X(Dim, "dim")                                                                \
  X(Numel, "numel")                                                            \
  X(ScalarTypeOf, "scalar-type-of")                                            \
  X(Unary, "unary")                                                            \
  X(Binary, "binary")                                                          \
  X(Cond, "cond")                                                              \
  X(Sizes, "sizes")                                                            \
  X(ListArg, "list-arg")                                                       \
  X(List, "list")                                                              \
  X(SetItem, "set-item")

/// X(Value, Name): how a synthesised fake makes one output.
#define OPGEN_FAKE_OUTPUT_KINDS(X)                                             \
  X(Empty, "empty")                                                            \
  X(EmptyLike, "empty-like")                                                   \
  X(Argument, "argument")

/// X(Value, Name): where an op's fake comes from, as the manifest says it.
#define OPGEN_FAKE_KINDS(X)                                                    \
  X(None, "none")                                                              \
  X(NotNeeded, "not-needed")                                                   \
  X(Cpp, "cpp")                                                                \
  X(Python, "python")                                                          \
  X(Synthesized, "synthesized")                                                \
  X(Composite, "composite")                                                    \
  X(Kernel, "kernel")                                                          \
  X(PerDevice, "per-device")

/// X(Value, Name, SchemaType, CppTypes): the metadata of a forward tensor a
/// backward parameter can be bound to (`bind="n=x.size(0)"`), named as the
/// method that reads it, with the schema type it has and the C++ types a
/// bound parameter may take (the BindType hint).
#define OPGEN_BOUND_METADATA(X)                                                \
  X(Size, "size", "int",                                                       \
    "int64_t (with symint=\"...\" for a SymInt in the schema) or c10::SymInt") \
  X(Sizes, "sizes", "int[]",                                                   \
    "std::vector<int64_t>, c10::IntArrayRef or c10::SymIntArrayRef")          \
  X(Dim, "dim", "int", "int64_t")                                              \
  X(ScalarType, "scalar_type", "ScalarType", "at::ScalarType")                 \
  X(Device, "device", "Device", "at::Device")

namespace opgen {

/// The names of enum \p E, in declaration order (specialised next to each
/// enum by OPGEN_ENUM_NAMES).
template <class E> struct EnumNames;

#define OPGEN_ENUM_VALUE(Value, ...) Value,
#define OPGEN_ENUM_NAME(Value, Name, ...) Name,
/// Defines EnumNames<Enum> from the table \p Table.
#define OPGEN_ENUM_NAMES(Enum, Table)                                          \
  template <> struct EnumNames<Enum> {                                         \
    static constexpr std::string_view Names[] = {Table(OPGEN_ENUM_NAME)};      \
  }

/// The name of \p V in its table.
template <class E> constexpr std::string_view enumName(E V) {
  return EnumNames<E>::Names[static_cast<size_t>(V)];
}

/// The value named \p Name in E's table, if any.
template <class E> std::optional<E> parseEnum(std::string_view Name) {
  const auto &Names = EnumNames<E>::Names;
  for (size_t I = 0; I < std::size(Names); ++I)
    if (Names[I] == Name)
      return static_cast<E>(I);
  return std::nullopt;
}

/// Every value of E, in declaration order.
template <class E> constexpr auto enumValues() {
  std::array<E, std::size(EnumNames<E>::Names)> Out{};
  for (size_t I = 0; I < Out.size(); ++I)
    Out[I] = static_cast<E>(I);
  return Out;
}

} // namespace opgen

#endif // OPGEN_MODEL_ENUMS_H
