//===- Diagnostics.cpp - The diagnostic catalogue ------------------------===//
#include "opgen/support/Diagnostics.h"

#include <cctype>

namespace opgen {

const DiagInfo &diagInfo(DiagId Id) {
  static const DiagInfo Table[] = {
#define DIAG(Id, Level, Message, Hint) {#Id, DiagLevel::Level, Message, Hint},
#include "opgen/support/Diagnostics.def"
  };
  return Table[static_cast<size_t>(Id)];
}

std::string formatDiag(const char *Format,
                       const std::vector<std::string> &Args) {
  std::string Out;
  for (const char *P = Format; *P; ++P) {
    if (*P == '%' && std::isdigit(static_cast<unsigned char>(P[1]))) {
      size_t Index = static_cast<size_t>(P[1] - '0');
      if (Index < Args.size())
        Out += Args[Index];
      ++P;
      continue;
    }
    Out += *P;
  }
  return Out;
}

DiagLevel DiagSink::levelOf(DiagId Id) const {
  DiagLevel Level = diagInfo(Id).Level;
  return Level == DiagLevel::Warning && WarningsAsErrors ? DiagLevel::Error : Level;
}

void DiagSink::report(DiagId Id, const SourceLoc &Loc,
                      std::vector<std::string> Args) {
  if (levelOf(Id) == DiagLevel::Error)
    ++Errors;
  emit(Id, Loc, Args);
}

} // namespace opgen
