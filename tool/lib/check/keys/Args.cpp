//===- Args.cpp - `args="groups=n_weight_grps"`: schema argument names ----===//
///
/// \file
/// A schema argument named apart from the C++ parameter that takes it, as
/// torchvision's deform_conv2d says `groups` where its kernel says
/// `n_weight_grps`. Each item is `schema_name=cpp_parameter`. The check
/// renames the draft's schema argument, and the body's facts that name the
/// parameter (the synthesised fake, the argument checks), so that every
/// output speaks the schema's names; the kernel's parameters keep their C++
/// names (Kernel::param links the two by position). It runs before the
/// other keys, which name arguments by their schema names.
//===----------------------------------------------------------------------===//
#include "check/Common.h"
#include "check/keys/Keys.h"

#include <map>

namespace opgen {
namespace check {

namespace {

/// Whether \p K's Name is a parameter (not a local or a literal).
bool namesArgument(FakeExpr::Kind K) {
  using EK = FakeExpr::Kind;
  switch (K) {
  case EK::Arg:
  case EK::ArgItem:
  case EK::ArgLength:
  case EK::Size:
  case EK::Dim:
  case EK::Numel:
  case EK::ScalarTypeOf:
  case EK::Sizes:
  case EK::ListArg:
    return true;
  default:
    return false;
  }
}

using Renames = std::map<std::string, std::string>; // C++ name → schema name

void rename(std::string &Name, const Renames &R) {
  if (auto It = R.find(Name); It != R.end())
    Name = It->second;
}

void rename(FakeExpr &E, const Renames &R) {
  if (namesArgument(E.K))
    rename(E.Name, R);
  for (FakeExpr &Op : E.Ops)
    rename(Op, R);
}

void rename(FakeOutput &O, const Renames &R) {
  rename(O.Like, R);
  if (O.Sizes)
    rename(*O.Sizes, R);
  if (O.Dtype)
    rename(*O.Dtype, R);
}

} // namespace

void checkArgs(const AnnotationValue &V, OpDraft &D) {
  OpSchema &S = D.Schema;
  const Kernel &K = D.Fn.Impl;
  std::vector<std::string> CppNames;
  for (size_t I = 0; I < S.Arguments.size(); ++I)
    CppNames.push_back(K.param(I) ? K.param(I)->Name : S.Arguments[I].Name);
  unsigned Before = D.Diags.errorCount();
  std::map<size_t, std::string> Named; // Argument → its schema name.
  for (const std::string &Item : splitList(V.Text)) {
    size_t Eq = Item.find('=');
    if (Eq == std::string::npos) {
      D.Diags.report(DiagId::ArgsBadItem, V.Loc, {trim(Item)});
      continue;
    }
    std::string Schema = trim(Item.substr(0, Eq));
    std::string Cpp = trim(Item.substr(Eq + 1));
    if (Schema.empty() || Cpp.empty()) {
      D.Diags.report(DiagId::ArgsBadItem, V.Loc, {trim(Item)});
      continue;
    }
    auto At = std::find(CppNames.begin(), CppNames.end(), Cpp);
    if (At == CppNames.end()) {
      D.Diags.report(DiagId::ArgsUnknownParam, V.Loc,
                     {Cpp, S.Name, CppNames.empty() ? "(none)" : join(CppNames, ", "),
                      didYouMean(Cpp, CppNames)});
      continue;
    }
    size_t I = static_cast<size_t>(At - CppNames.begin());
    if (Named.count(I)) {
      D.Diags.report(DiagId::ArgsDuplicate, V.Loc, {Cpp});
      continue;
    }
    if (!isIdentifier(Schema)) {
      D.Diags.report(DiagId::ArgsInvalidName, V.Loc, {Schema, Cpp});
      continue;
    }
    Named[I] = Schema;
  }
  // Every name, C++ or schema, stands for one argument only: no two
  // arguments share a schema name, and none takes the C++ name of another
  // (a swap would make every other key ambiguous).
  for (const auto &[I, Schema] : Named)
    for (size_t J = 0; J < CppNames.size(); ++J) {
      if (J == I)
        continue;
      auto Other = Named.find(J);
      bool SameSchema = Other != Named.end() && Other->second == Schema;
      if (CppNames[J] == Schema || (SameSchema && J < I)) {
        D.Diags.report(DiagId::ArgsClash, V.Loc,
                       {Schema, CppNames[I], CppNames[J]});
        break;
      }
    }
  if (D.Diags.errorCount() != Before)
    return;
  Renames R;
  for (const auto &[I, Schema] : Named) {
    S.Arguments[I].Name = Schema;
    if (Schema != CppNames[I])
      R[CppNames[I]] = Schema;
  }
  if (R.empty())
    return;
  if (D.Impl.Synthesis)
    for (FakeOutput &O : D.Impl.Synthesis->Outputs)
      rename(O, R);
  for (FakeExpr &E : D.Impl.Checks)
    rename(E, R);
}

void checkArgumentNames(OpDraft &D) {
  for (size_t I = 0; I < D.Schema.Arguments.size(); ++I)
    if (!isIdentifier(D.Schema.Arguments[I].Name))
      D.Diags.report(DiagId::ReservedArgumentName,
                     D.Fn.Impl.param(I) ? D.Fn.Impl.param(I)->Loc : SourceLoc{},
                     {D.Schema.Arguments[I].Name});
}

} // namespace check
} // namespace opgen
