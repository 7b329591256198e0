//===- Registration.cpp - TORCH_LIBRARY blocks ----------------------------===//
//
// registration.cpp's shape, which both flavours share: per namespace the
// library block of its ops' schemas, one impl block per dispatch key with
// kernels, then the flavour's other blocks. What goes in each block is the
// flavour's (Classic.cpp, Stable.cpp).
//===----------------------------------------------------------------------===//
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"


namespace opgen {

namespace {

/// The library block of \p Ns: its ops' schemas (and what else the
/// flavour's def() takes).
llvm::Expected<std::string> libraryBlock(const OpLibrary &L,
                                         const std::string &Ns,
                                         const Flavour &F) {
  std::vector<TemplateRecord> Defs;
  for (const Op &O : L.Ops) {
    if (O.Schema.Namespace != Ns)
      continue;
    TemplateRecord Def = {{"op", O.Schema.fullName()},
                          {"where", O.Loc.str()},
                          {"schema", quote(printSchemaWithoutNamespace(O.Schema))}};
    F.defineOp(O, Def);
    Defs.push_back(std::move(Def));
  }
  return F.libraryBlock(L, Ns, Defs);
}

/// Per namespace: the library block, the impl blocks, and the flavour's
/// other blocks.
llvm::Expected<std::string> registrationBlocks(const OpLibrary &L,
                                               const Flavour &F) {
  std::string Blocks;
  for (const std::string &Ns : namespaces(L)) {
    OPGEN_TRY(Library, libraryBlock(L, Ns, F));
    Blocks += Library;
    for (DispatchKey Key : enumValues<DispatchKey>()) {
      std::vector<TemplateRecord> Impls;
      for (const Op &O : L.Ops)
        if (O.Schema.Namespace == Ns)
          F.addImpls(O, Key, Impls);
      OPGEN_TRY(Block,
                implBlock(Ns, std::string(dispatchKeyName(Key)), Impls, F));
      Blocks += Block;
    }
    OPGEN_TRY(More, F.keylessBlocks(L, Ns));
    Blocks += More;
    Blocks += "\n";
  }
  return Blocks;
}

} // namespace

llvm::Expected<std::string> implBlock(const std::string &Ns,
                                      const std::string &Key,
                                      const std::vector<TemplateRecord> &Impls,
                                      const Flavour &F) {
  if (Impls.empty())
    return "";
  return renderTemplate(F.implBlockTemplate(), {{"namespace", Ns}, {"key", Key}},
                        {{"impls", Impls}});
}

llvm::Expected<std::string>
emitRegistration(const OpLibrary &L, const EmitOptions &Opts, const Flavour &F) {
  OPGEN_TRY(Blocks, registrationBlocks(L, F));
  return F.registrationFile(L, Opts, Blocks);
}

} // namespace opgen
