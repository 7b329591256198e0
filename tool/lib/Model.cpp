//===- Model.cpp - Small helpers of the model structs ---------------------===//
#include "opgen/Model.h"

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

std::string_view dispatchKeyName(DispatchKey K) {
  switch (K) {
  case DispatchKey::CPU:
    return "CPU";
  case DispatchKey::CUDA:
    return "CUDA";
  case DispatchKey::Meta:
    return "Meta";
  case DispatchKey::CompositeExplicitAutograd:
    return "CompositeExplicitAutograd";
  }
  return "CPU";
}

const AnnotationValue *Annotation::find(std::string_view Key) const {
  for (const auto &[Name, Value] : Keys)
    if (Name == Key)
      return &Value;
  return nullptr;
}

} // namespace opgen

namespace opgen {

std::string FakeExpr::str() const {
  static const char *const Names[] = {
      "literal", "arg",   "arg-item", "arg-length", "size",
      "dim",     "numel", "scalar-type-of", "unary", "binary",
      "cond",    "sizes", "list-arg", "list",       "set-item"};
  std::string Out = "(";
  Out += Names[static_cast<int>(K)];
  if (!Name.empty())
    Out += " " + Name;
  if (!Text.empty())
    Out += " '" + Text + "'";
  for (const FakeExpr &E : Ops)
    Out += " " + E.str();
  return Out + ")";
}

std::string FakeOutput::str() const {
  static const char *const Names[] = {"empty", "empty-like", "argument"};
  std::string Out = std::string("(") + Names[static_cast<int>(K)] + " " + Like;
  if (Sizes)
    Out += " sizes=" + Sizes->str();
  if (Dtype)
    Out += " dtype=" + Dtype->str();
  if (!MemoryFormat.empty())
    Out += " format=" + MemoryFormat;
  return Out + ")";
}

} // namespace opgen
