//===- fuzz_schema.cpp - libFuzzer target: schema parse/print round trip --===//
//
// The input is a schema string. Whatever it is, parseSchema must not crash
// and must report an error inside the input. When it parses, the printers
// must reach a fixed point (the law in Schema.h):
//   * the definition form (printSignature) parses back to the same model and
//     prints the same text again;
//   * the form without namespace (printSchemaWithoutNamespace) parses back to
//     the same model minus the namespace;
//   * torch's form (printSchema) parses back to the same model, except where
//     a default prints differently from the definition form (torch's
//     collapsed int list default, Schema.cpp's header): then it need not
//     parse back, as with torch itself.
// A violation prints the texts involved and aborts, which libFuzzer reports
// as a crash and saves the input.
//===----------------------------------------------------------------------===//
#include "opgen/model/Schema.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

using namespace opgen;

namespace {

[[noreturn]] void violated(const char *What, const std::string &A,
                           const std::string &B) {
  std::fprintf(stderr, "schema round trip: %s\n  first:  %s\n  second: %s\n",
               What, A.c_str(), B.c_str());
  std::abort();
}

std::string definitionForm(const OpSchema &S) {
  return S.fullName() + printSignature(S);
}

/// Whether torch's printer spells some default of \p S differently from the
/// definition form (then printSchema's output need not parse back).
bool torchSpellsADefaultDifferently(const OpSchema &S) {
  for (const Argument &A : S.Arguments) {
    if (!A.Default)
      continue;
    std::string Definition = printArgument(A);
    std::string Torch = printType(A.Ty) + " " + A.Name + "=" +
                        printDefault(*A.Default, A.Ty);
    if (Definition != Torch)
      return true;
  }
  return false;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<OpSchema> S = parseSchema(Text);
  if (!S) {
    auto [Offset, Message] = schemaParseError(S.takeError());
    if (Offset > Size || Message.empty())
      violated("a parse error without a message or outside the input",
               std::string(Text), Message);
    return 0;
  }

  std::string Definition = definitionForm(*S);
  llvm::Expected<OpSchema> Again = parseSchema(Definition);
  if (!Again)
    violated(("the definition form does not parse: " +
              schemaParseError(Again.takeError()).second)
                 .c_str(),
             std::string(Text), Definition);
  if (*Again != *S)
    violated("the definition form parses to another model", std::string(Text),
             Definition);
  if (definitionForm(*Again) != Definition)
    violated("the definition form is not a fixed point", Definition,
             definitionForm(*Again));

  std::string NoNamespace = printSchemaWithoutNamespace(*S);
  llvm::Expected<OpSchema> Local = parseSchema(NoNamespace);
  OpSchema Expected = *S;
  Expected.Namespace.clear();
  if (!Local) {
    llvm::consumeError(Local.takeError());
    violated("the form without namespace does not parse back", Definition,
             NoNamespace);
  } else if (*Local != Expected) {
    violated("the form without namespace does not parse back", Definition,
             NoNamespace);
  }

  std::string Torch = printSchema(*S);
  llvm::Expected<OpSchema> FromTorch = parseSchema(Torch);
  std::string TorchError =
      FromTorch ? "" : schemaParseError(FromTorch.takeError()).second;
  if (torchSpellsADefaultDifferently(*S)) {
    // torch's own printer loses information here (`int[0] x=[0, 0]` prints
    // as `int[0] x=0`, which reads back as `[]`); nothing to compare.
  } else if (!FromTorch) {
    violated(("torch's form does not parse: " + TorchError).c_str(),
             Definition, Torch);
  } else if (*FromTorch != *S) {
    violated("torch's form parses to another model", Definition, Torch);
  }
  return 0;
}
