//===- Locations.cpp - Clang source locations to opgen's ------------------===//
#include "frontend/ast/Locations.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace opgen {

SourceLoc toSourceLoc(const SourceManager &SM, SourceLocation L,
                      const std::string &Root) {
  SourceLoc Out;
  if (L.isInvalid())
    return Out;
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
  if (P.isInvalid())
    return Out;
  llvm::SmallString<256> Abs(P.getFilename());
  // Relative to the compile command's directory (the file system's working
  // directory), which with opgen -j is not the process's.
  SM.getFileManager().makeAbsolutePath(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  Out.File = displayPath(std::string(Abs), Root);
  Out.Line = P.getLine();
  Out.Column = P.getColumn();
  return Out;
}

} // namespace opgen
