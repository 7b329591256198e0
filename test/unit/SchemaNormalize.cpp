//===- SchemaNormalize.cpp - Print schemas the way torch does -------------===//
///
/// \file
/// Reads one schema per line on stdin and prints, per line,
/// `printSchema(parseSchema(line))` or `error: <offset>: <message>`. With
/// `--definition` it prints the definition form instead (the qualified name
/// followed by printSignature()). test/e2e/test_schema_corpus.py compares the
/// output with torch's own printer.
//===----------------------------------------------------------------------===//

#include "opgen/model/Schema.h"

#include <iostream>
#include <string>
#include <string_view>

int main(int Argc, char **Argv) {
  bool Definition = Argc == 2 && std::string_view(Argv[1]) == "--definition";
  if (Argc > 2 || (Argc == 2 && !Definition)) {
    std::cerr << "usage: opgen-schema-normalize [--definition] < schemas\n";
    return 2;
  }
  std::string Line;
  while (std::getline(std::cin, Line)) {
    llvm::Expected<opgen::OpSchema> S = opgen::parseSchema(Line);
    if (!S)
      std::cout << "error: " << llvm::toString(S.takeError()) << '\n';
    else if (Definition)
      std::cout << S->fullName() << opgen::printSignature(*S) << '\n';
    else
      std::cout << opgen::printSchema(*S) << '\n';
  }
  return 0;
}
