//===- Template.cpp - ${name} substitution over embedded templates --------===//
#include "opgen/emit/Emit.h"

#include <cstdio>
#include <cstdlib>
#include <utility>

namespace opgen {

namespace {

const std::pair<const char *, const char *> EmbeddedTemplates[] = {
#include "Templates.inc"
};

const char *lookupTemplate(const std::string &Name) {
  for (const auto &[Path, Text] : EmbeddedTemplates)
    if (Name == Path)
      return Text;
  std::fprintf(stderr, "opgen: internal error: no template '%s'\n",
               Name.c_str());
  std::abort();
}

} // namespace

std::string renderTemplate(const std::string &Name,
                           const std::map<std::string, std::string> &Vars) {
  std::string Text = lookupTemplate(Name);
  std::string Out;
  size_t LineStart = 0;
  for (size_t I = 0; I < Text.size();) {
    if (Text[I] == '\n') {
      Out += '\n';
      LineStart = ++I;
      continue;
    }
    if (Text.compare(I, 3, "$${") == 0) {
      // `$${` is a literal `${`, for templates of files that use it (CMake).
      Out += "${";
      I += 3;
      continue;
    }
    if (Text.compare(I, 2, "${") != 0) {
      Out += Text[I++];
      continue;
    }
    size_t End = Text.find('}', I);
    std::string Key = Text.substr(I + 2, End - I - 2);
    auto It = Vars.find(Key);
    if (It == Vars.end()) {
      std::fprintf(stderr, "opgen: internal error: template '%s' needs '%s'\n",
                   Name.c_str(), Key.c_str());
      std::abort();
    }
    std::string Indent = Text.substr(LineStart, I - LineStart);
    bool AloneOnLine = Indent.find_first_not_of(' ') == std::string::npos &&
                       (End + 1 == Text.size() || Text[End + 1] == '\n');
    if (!AloneOnLine) {
      Out += It->second;
      I = End + 1;
      continue;
    }
    // Block placeholder: indent every line; an empty value removes the line.
    Out.resize(Out.size() - Indent.size());
    const std::string &Value = It->second;
    size_t Pos = 0;
    while (Pos < Value.size()) {
      size_t NL = Value.find('\n', Pos);
      std::string Line = Value.substr(Pos, NL == std::string::npos ? NL : NL - Pos);
      if (!Line.empty())
        Out += Indent + Line;
      Out += '\n';
      Pos = NL == std::string::npos ? Value.size() : NL + 1;
    }
    // The placeholder's own newline was replaced by the value's lines.
    I = End + 1;
    if (I < Text.size() && Text[I] == '\n')
      ++I;
    LineStart = I;
  }
  return Out;
}

} // namespace opgen
