//===- Common.cpp - Helpers shared by the check phase's units -------------===//
#include "check/Common.h"

#include <algorithm>

namespace opgen {
namespace check {

std::string trim(const std::string &S) {
  size_t B = S.find_first_not_of(" \t");
  size_t E = S.find_last_not_of(" \t");
  return B == std::string::npos ? "" : S.substr(B, E - B + 1);
}

std::vector<std::string> splitList(const std::string &S) {
  std::vector<std::string> Out;
  size_t Start = 0;
  while (Start <= S.size()) {
    size_t Comma = S.find(',', Start);
    if (Comma == std::string::npos)
      Comma = S.size();
    std::string Item = trim(S.substr(Start, Comma - Start));
    if (!Item.empty())
      Out.push_back(Item);
    Start = Comma + 1;
  }
  return Out;
}

bool isDigits(const std::string &S) {
  return !S.empty() && std::all_of(S.begin(), S.end(),
                                   [](char C) { return C >= '0' && C <= '9'; });
}

llvm::Expected<OpSchema> parseOpName(const std::string &Text) {
  auto Fail = [](const std::string &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  OpSchema S;
  size_t Sep = Text.find("::");
  if (Sep == std::string::npos)
    return Fail("missing namespace");
  S.Namespace = Text.substr(0, Sep);
  std::string Rest = Text.substr(Sep + 2);
  size_t Dot = Rest.find('.');
  S.Name = Rest.substr(0, Dot);
  S.Overload = Dot == std::string::npos ? "" : Rest.substr(Dot + 1);
  if (!isIdentifier(S.Namespace))
    return Fail("namespace '" + S.Namespace + "' is not an identifier");
  if (!isIdentifier(S.Name))
    return Fail("name '" + S.Name + "' is not an identifier");
  if (Dot != std::string::npos && !isIdentifier(S.Overload))
    return Fail("overload '" + S.Overload + "' is not an identifier");
  if (S.Overload == "default")
    return Fail("'default' is reserved for the unnamed overload");
  return S;
}

std::optional<OpSchema> opNameOf(const AnnotationValue &Name, DiagSink &Diags) {
  llvm::Expected<OpSchema> Parsed = parseOpName(Name.Text);
  if (!Parsed) {
    Diags.report(DiagId::BadOpName, Name.Loc,
                 {Name.Text, llvm::toString(Parsed.takeError())});
    return std::nullopt;
  }
  return *Parsed;
}

std::string aliasSetName(unsigned Index) {
  std::string Name;
  do {
    Name.insert(Name.begin(), char('a' + Index % 26));
    Index /= 26;
  } while (Index-- > 0);
  return Name;
}

std::string didYouMeanParam(llvm::StringRef Name, const OpSchema &S) {
  std::vector<std::string> Names;
  for (const Argument &A : S.Arguments)
    Names.push_back(A.Name);
  return didYouMean(Name, Names);
}

std::string paramNames(const OpSchema &S) {
  std::vector<std::string> Names;
  for (const Argument &A : S.Arguments)
    Names.push_back(A.Name);
  return Names.empty() ? "(none)" : join(Names, ", ");
}

std::optional<size_t> argumentIndex(const OpSchema &S,
                                    const std::string &Name) {
  for (size_t I = 0; I < S.Arguments.size(); ++I)
    if (S.Arguments[I].Name == Name)
      return I;
  return std::nullopt;
}

void reportUnknownKeys(const Annotation &Attr, DiagId Id, DiagSink &Diags) {
  std::vector<std::string> Known;
  for (AnnotationKey K : annotationKeys(Attr.Kind))
    Known.emplace_back(enumName(K));
  std::string KnownText = join(Known, ", ");
  for (const auto &[Key, Value] : Attr.UnknownKeys)
    Diags.report(Id, Value.Loc,
                 {Key, std::string(enumName(Attr.Kind)),
                  KnownText.empty() ? "(none)" : KnownText,
                  didYouMean(Key, Known)});
}

} // namespace check
} // namespace opgen
