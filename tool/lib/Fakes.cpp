//===- Fakes.cpp - Decide where each op's fake kernel comes from ----------===//
#include "opgen/Fakes.h"

#include <regex>

namespace opgen {

std::set<std::string> pythonFakeOps(const std::string &PythonText) {
  static const std::regex Registration(
      R"(register_fake\s*\(\s*["']([A-Za-z_][A-Za-z0-9_]*::[A-Za-z0-9_.]+)["'])");
  std::set<std::string> Out;
  for (auto It = std::sregex_iterator(PythonText.begin(), PythonText.end(),
                                      Registration);
       It != std::sregex_iterator(); ++It) {
    std::string Name = (*It)[1];
    // `ns::op.default` is the default overload.
    const std::string Default = ".default";
    if (Name.size() > Default.size() &&
        Name.compare(Name.size() - Default.size(), Default.size(), Default) == 0)
      Name.resize(Name.size() - Default.size());
    Out.insert(Name);
  }
  return Out;
}

void assignFakes(OpLibrary &Library) {
  std::set<std::string> InModule;
  if (Library.Fakes)
    InModule = pythonFakeOps(Library.Fakes->Text);
  for (Op &O : Library.Ops) {
    if (O.Fake != FakeKind::None)
      continue;
    if (InModule.count(O.Schema.fullName())) {
      O.Fake = FakeKind::Python;
      O.FakeWhere = Library.Fakes->DisplayPath;
      continue;
    }
    bool Mutates = false;
    for (const Argument &A : O.Schema.Arguments)
      Mutates = Mutates || (A.Ty.alias() && A.Ty.alias()->IsWrite);
    if (O.Schema.Returns.empty() && Mutates)
      O.Fake = FakeKind::NotNeeded;
  }
}

} // namespace opgen
