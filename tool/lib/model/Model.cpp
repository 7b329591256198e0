//===- Model.cpp - Small helpers of the model structs ---------------------===//
#include "opgen/model/Model.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include <sstream>

namespace opgen {

std::string displayPath(const std::string &Path, const std::string &Root) {
  std::string R = Root;
  while (R.size() > 1 && R.back() == '/')
    R.pop_back();
  if (R.empty() || Path.size() <= R.size() + 1 || Path.compare(0, R.size(), R) != 0 ||
      Path[R.size()] != '/')
    return Path;
  return Path.substr(R.size() + 1);
}

std::string relativePath(const std::string &FromDir, const std::string &To) {
  auto Split = [](const std::string &P) {
    std::vector<std::string> Parts;
    std::stringstream SS(P);
    std::string Part;
    while (std::getline(SS, Part, '/'))
      if (!Part.empty() && Part != ".")
        Parts.push_back(Part);
    return Parts;
  };
  std::vector<std::string> F = Split(FromDir), T = Split(To);
  size_t Common = 0;
  while (Common < F.size() && Common < T.size() && F[Common] == T[Common])
    ++Common;
  std::string Out;
  for (size_t I = Common; I < F.size(); ++I)
    Out += "../";
  for (size_t I = Common; I < T.size(); ++I)
    Out += T[I] + (I + 1 < T.size() ? "/" : "");
  return Out;
}

std::string SourceLoc::str() const {
  return File + ":" + std::to_string(Line);
}

std::optional<DispatchKey> deviceKey(std::string_view Device) {
#define OPGEN_DEVICE(Value, Name, DeviceName)                                  \
  if (Device == DeviceName)                                                    \
    return DispatchKey::Value;
  OPGEN_DISPATCH_KEYS(OPGEN_DEVICE)
#undef OPGEN_DEVICE
  return std::nullopt;
}

std::string deviceName(DispatchKey K) {
#define OPGEN_DEVICE(Value, Name, DeviceName)                                  \
  if (K == DispatchKey::Value)                                                 \
    return DeviceName;
  OPGEN_DISPATCH_KEYS(OPGEN_DEVICE)
#undef OPGEN_DEVICE
  return "";
}

std::string deviceNames() {
  std::string Out;
#define OPGEN_DEVICE(Value, Name, DeviceName)                                  \
  Out += (Out.empty() ? "" : ", ") + std::string(DeviceName);
  OPGEN_DISPATCH_KEYS(OPGEN_DEVICE)
#undef OPGEN_DEVICE
  return Out;
}

bool hasAutocast(DispatchKey Device) {
#define OPGEN_AUTOCAST_DEVICE(Value)                                           \
  if (Device == DispatchKey::Value)                                            \
    return true;
  OPGEN_AUTOCAST_DEVICES(OPGEN_AUTOCAST_DEVICE)
#undef OPGEN_AUTOCAST_DEVICE
  return false;
}

std::string autocastDeviceNames() {
  std::string Out;
  for (DispatchKey K : enumValues<DispatchKey>())
    if (hasAutocast(K))
      Out += (Out.empty() ? "" : ", ") + deviceName(K);
  return Out;
}

std::vector<DispatchKey> defaultAutocastDevices() {
  return {DispatchKey::CPU, DispatchKey::CUDA};
}

std::string_view autocastScalarType(AutocastDtype D) {
  switch (D) {
#define OPGEN_DTYPE(Value, Name, Cpp)                                          \
  case AutocastDtype::Value:                                                   \
    return Cpp;
    OPGEN_AUTOCAST_DTYPES(OPGEN_DTYPE)
#undef OPGEN_DTYPE
  }
  return "";
}

std::optional<std::string> torchDtypeOf(std::string_view Constant) {
  std::string_view Name = Constant;
  if (size_t Pos = Name.rfind("::"); Pos != std::string_view::npos)
    Name = Name.substr(Pos + 2);
  if (Name.size() > 1 && Name[0] == 'k' &&
      std::isupper(static_cast<unsigned char>(Name[1])))
    Name = Name.substr(1);
  static const std::pair<std::string_view, std::string_view> Dtypes[] = {
      {"Byte", "uint8"},     {"Char", "int8"},
      {"Short", "int16"},    {"Int", "int32"},
      {"Long", "int64"},     {"Half", "float16"},
      {"Float", "float32"},  {"Double", "float64"},
      {"ComplexHalf", "complex32"}, {"ComplexFloat", "complex64"},
      {"ComplexDouble", "complex128"}, {"Bool", "bool"},
      {"BFloat16", "bfloat16"},
      {"UInt16", "uint16"},  {"UInt32", "uint32"},  {"UInt64", "uint64"},
      // torch::kFloat32 and the other aliases of torch/types.h.
      {"UInt8", "uint8"},    {"Int8", "int8"},      {"Int16", "int16"},
      {"Int32", "int32"},    {"Int64", "int64"},    {"Float16", "float16"},
      {"Float32", "float32"}, {"Float64", "float64"}};
  for (const auto &[Cpp, Torch] : Dtypes)
    if (Name == Cpp)
      return std::string(Torch);
  return std::nullopt;
}

std::optional<std::string> pythonValueOf(std::string_view Text) {
  if (Text == "true")
    return "True";
  if (Text == "false")
    return "False";
  if (!Text.empty() && std::isdigit(static_cast<unsigned char>(Text[0]))) {
    std::string Digits(Text);
    while (!Digits.empty() && std::strchr("uUlL", Digits.back()))
      Digits.pop_back();
    if (std::all_of(Digits.begin(), Digits.end(), [](char C) {
          return std::isdigit(static_cast<unsigned char>(C));
        }))
      return Digits;
    return std::nullopt;
  }
  if (std::optional<std::string> Dtype = torchDtypeOf(Text))
    return "torch." + *Dtype;
  return std::nullopt;
}

std::optional<std::string> pythonMemoryFormatOf(std::string_view Constant) {
  std::string_view Name = Constant;
  if (size_t Pos = Name.rfind("::"); Pos != std::string_view::npos)
    Name = Name.substr(Pos + 2);
  if (Name == "Contiguous")
    return "torch.contiguous_format";
  if (Name == "Preserve")
    return "torch.preserve_format";
  if (Name == "ChannelsLast")
    return "torch.channels_last";
  if (Name == "ChannelsLast3d")
    return "torch.channels_last_3d";
  return std::nullopt;
}

namespace {

std::optional<std::string> unknownConstant(const FakeExpr &E) {
  if (E.K == FakeExpr::Kind::Literal && !pythonValueOf(E.Text))
    return E.Text;
  for (const FakeExpr &Op : E.Ops)
    if (std::optional<std::string> Constant = unknownConstant(Op))
      return Constant;
  return std::nullopt;
}

std::optional<std::string> unknownConstant(const FakeOutput &O) {
  switch (O.K) {
  case FakeOutput::Kind::Empty:
    if (std::optional<std::string> Constant = unknownConstant(*O.Sizes))
      return Constant;
    if (O.Dtype)
      return unknownConstant(*O.Dtype);
    return std::nullopt;
  case FakeOutput::Kind::EmptyLike:
    if (!O.LikeContiguous.empty() && !pythonMemoryFormatOf(O.LikeContiguous))
      return O.LikeContiguous;
    if (!O.MemoryFormat.empty() && !pythonMemoryFormatOf(O.MemoryFormat))
      return O.MemoryFormat;
    return std::nullopt;
  case FakeOutput::Kind::Argument:
    return std::nullopt;
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string>
unknownFakeConstant(const std::vector<FakeOutput> &Outs) {
  for (const FakeOutput &O : Outs)
    if (std::optional<std::string> Constant = unknownConstant(O))
      return Constant;
  return std::nullopt;
}

std::string libraryNameOf(const std::string &Given, const std::string &Package) {
  return Given.empty() ? Package + "_ops" : Given;
}

bool hasAutogradKernel(const Op &O) {
  if (O.Autograd)
    return true;
  // A backward op without a backward of its own refuses differentiation,
  // unless it decomposes (CompositeImplicitAutograd): then its parts do.
  return !O.BackwardOf.empty() &&
         !O.kernel(DispatchKey::CompositeImplicitAutograd);
}

bool refusesGradient(const Op &O) {
  return !O.Autograd && O.BackwardOf.empty() &&
         !O.kernel(DispatchKey::CompositeImplicitAutograd);
}

std::vector<AnnotationKey> annotationKeys(AnnotationKind K) {
  std::vector<AnnotationKey> Keys;
#define OPGEN_KEY(Kind, Key)                                                   \
  if (K == AnnotationKind::Kind)                                               \
    Keys.push_back(AnnotationKey::Key);
  OPGEN_ANNOTATION_KEYS(OPGEN_KEY)
#undef OPGEN_KEY
  return Keys;
}

std::optional<AnnotationKey> annotationKey(AnnotationKind K,
                                           std::string_view Written) {
  for (AnnotationKey Key : annotationKeys(K))
    if (enumName(Key) == Written)
      return Key;
  return std::nullopt;
}

const AnnotationValue *Annotation::find(AnnotationKey Key) const {
  for (const auto &[Name, Value] : Keys)
    if (Name == Key)
      return &Value;
  return nullptr;
}

bool Annotation::hasKey(std::string_view Written) const {
  for (const auto &[Key, Value] : Keys)
    if (enumName(Key) == Written)
      return true;
  for (const auto &[Name, Value] : UnknownKeys)
    if (Name == Written)
      return true;
  return false;
}

void Annotation::addKey(std::string_view Written, AnnotationValue Value) {
  if (std::optional<AnnotationKey> Key = annotationKey(Kind, Written))
    Keys.push_back({*Key, std::move(Value)});
  else
    UnknownKeys.push_back({std::string(Written), std::move(Value)});
}

} // namespace opgen

namespace opgen {

std::string FakeExpr::str() const {
  std::string Out = "(";
  Out += enumName(K);
  if (!Name.empty())
    Out += " " + Name;
  if (!Text.empty())
    Out += " '" + Text + "'";
  for (const FakeExpr &E : Ops)
    Out += " " + E.str();
  return Out + ")";
}

std::string FakeOutput::str() const {
  std::string Out = "(" + std::string(enumName(K)) + " " + Like;
  if (Sizes)
    Out += " sizes=" + Sizes->str();
  if (Dtype)
    Out += " dtype=" + Dtype->str();
  if (!MemoryFormat.empty())
    Out += " format=" + MemoryFormat;
  if (!LikeContiguous.empty())
    Out += " contiguous=" + LikeContiguous;
  return Out + ")";
}

} // namespace opgen
