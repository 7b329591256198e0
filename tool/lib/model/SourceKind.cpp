//===- SourceKind.cpp - What kind of file an input is ---------------------===//
#include "opgen/model/SourceKind.h"

namespace opgen {

namespace {

struct Extension {
  std::string_view Suffix;
  SourceKind Kind;
};

constexpr Extension Extensions[] = {
#define OPGEN_EXTENSION(Suffix, Compiled, Cuda) {Suffix, {Compiled, Cuda}},
    OPGEN_SOURCE_EXTENSIONS(OPGEN_EXTENSION)
#undef OPGEN_EXTENSION
};

} // namespace

std::optional<SourceKind> classifySource(std::string_view Path) {
  for (const Extension &E : Extensions)
    if (Path.size() > E.Suffix.size() &&
        Path.substr(Path.size() - E.Suffix.size()) == E.Suffix)
      return E.Kind;
  return std::nullopt;
}

Language sourceLanguage(SourceKind Kind) {
  return Kind.Cuda ? Language::Cuda : Language::Cxx;
}

std::string_view clangLanguageName(Language L) {
  return L == Language::Cuda ? "cuda" : "c++";
}

std::string supportedExtensions() {
  std::string Out;
  for (const Extension &E : Extensions)
    Out += (Out.empty() ? "" : " ") + std::string(E.Suffix);
  return Out;
}

} // namespace opgen
