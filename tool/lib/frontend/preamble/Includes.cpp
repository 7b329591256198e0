//===- Includes.cpp - The include lines a preamble can hold ---------------===//
#include "frontend/preamble/Includes.h"

#include "opgen/frontend/Frontend.h"
#include "opgen/model/SourceKind.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

namespace opgen {

std::vector<std::string> leadingSystemIncludes(llvm::StringRef Text) {
  std::vector<std::string> Out;
  while (!Text.empty()) {
    Text = Text.ltrim();
    if (Text.startswith("//")) {
      Text = Text.drop_until([](char C) { return C == '\n'; });
      continue;
    }
    if (Text.startswith("/*")) {
      size_t End = Text.find("*/", 2);
      if (End == llvm::StringRef::npos)
        break;
      Text = Text.drop_front(End + 2);
      continue;
    }
    llvm::StringRef Line = Text.take_until([](char C) { return C == '\n'; });
    llvm::StringRef Rest = Line.trim();
    if (!Rest.consume_front("#"))
      break;
    Rest = Rest.ltrim();
    if (!Rest.consume_front("include"))
      break;
    Rest = Rest.ltrim();
    // `<name>` and nothing after it but a line comment.
    if (!Rest.consume_front("<"))
      break;
    size_t Close = Rest.find('>');
    if (Close == llvm::StringRef::npos || Close == 0)
      break;
    llvm::StringRef Name = Rest.take_front(Close);
    llvm::StringRef After = Rest.drop_front(Close + 1).trim();
    if (!After.empty() && !After.startswith("//"))
      break;
    if (Name.contains('\\') || Line.endswith("\\"))
      break;
    Out.push_back(Name.str());
    Text = Text.drop_front(Line.size());
  }
  return Out;
}

namespace preamble {

std::optional<std::vector<std::string>> leadingIncludesOf(const std::string &Path) {
  auto Text = llvm::MemoryBuffer::getFile(Path);
  if (!Text)
    return std::nullopt;
  return leadingSystemIncludes((*Text)->getBuffer());
}

std::optional<std::string> preambleLanguage(const std::string &Source) {
  std::optional<SourceKind> Kind = classifySource(Source);
  if (!Kind || !Kind->Compiled)
    return std::nullopt;
  return std::string(clangLanguageName(sourceLanguage(*Kind)));
}

} // namespace preamble
} // namespace opgen
