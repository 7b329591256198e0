//===- Template.cpp - ${name} substitution over embedded templates --------===//
#include "opgen/emit/Emit.h"

#include <algorithm>
#include <utility>

namespace opgen {

namespace {

const std::pair<const char *, const char *> EmbeddedTemplates[] = {
#include "Templates.inc"
};

/// What is wrong with template \p Name: it \p What \p Key. A bug of
/// opgen's (its templates and emitters disagree), which the driver reports
/// as an internal error.
llvm::Error templateError(const std::string &Name, const char *What,
                          const std::string &Key) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "template '" + Name + "' " + What + " '" +
                                     Key + "'");
}

llvm::Expected<const char *> lookupTemplate(const std::string &Name) {
  for (const auto &[Path, Text] : EmbeddedTemplates)
    if (Name == Path)
      return Text;
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "no template '" + Name + "'");
}

/// The values a piece of a template sees: an item's fields over the
/// template's values.
struct Scope {
  const std::map<std::string, std::string> &Vars;
  const TemplateRecord *Item = nullptr;

  const std::string *find(const std::string &Key) const {
    if (Item)
      if (auto It = Item->find(Key); It != Item->end())
        return &It->second;
    auto It = Vars.find(Key);
    return It == Vars.end() ? nullptr : &It->second;
  }
};

/// Fills the `${name}` placeholders of \p Text (no sections).
llvm::Expected<std::string>
substitute(const std::string &Text, const std::string &Name, const Scope &S) {
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
    const std::string *Value = S.find(Key);
    if (!Value)
      return templateError(Name, "needs", Key);
    std::string Indent = Text.substr(LineStart, I - LineStart);
    bool AloneOnLine = Indent.find_first_not_of(' ') == std::string::npos &&
                       (End + 1 == Text.size() || Text[End + 1] == '\n');
    if (!AloneOnLine) {
      Out += *Value;
      I = End + 1;
      continue;
    }
    // Block placeholder: indent every line; an empty value removes the line.
    Out.resize(Out.size() - Indent.size());
    size_t Pos = 0;
    while (Pos < Value->size()) {
      size_t NL = Value->find('\n', Pos);
      std::string Line =
          Value->substr(Pos, NL == std::string::npos ? NL : NL - Pos);
      if (!Line.empty())
        Out += Indent + Line;
      Out += '\n';
      Pos = NL == std::string::npos ? Value->size() : NL + 1;
    }
    // The placeholder's own newline was replaced by the value's lines.
    I = End + 1;
    if (I < Text.size() && Text[I] == '\n')
      ++I;
    LineStart = I;
  }
  return Out;
}

/// The position of the next line of \p Text from \p From that is \p Tag
/// alone (after spaces), or npos.
size_t findTagLine(const std::string &Text, const std::string &Tag,
                   size_t From) {
  for (size_t Pos = Text.find(Tag, From); Pos != std::string::npos;
       Pos = Text.find(Tag, Pos + 1)) {
    size_t LineStart = Text.rfind('\n', Pos);
    LineStart = LineStart == std::string::npos ? 0 : LineStart + 1;
    if (Text.find_first_not_of(' ', LineStart) == Pos)
      return LineStart;
  }
  return std::string::npos;
}

/// Fills \p Text, the text of template \p Name.
llvm::Expected<std::string> fill(const std::string &Name,
                                 const std::string &Text,
                                 const std::map<std::string, std::string> &Vars,
                                 const TemplateLists &Lists) {
  // `${#each list}` ... `${/each}`, each tag alone on its line: the lines
  // between, once per item of the list, with the item's fields.
  Scope Top{Vars};
  std::string Out;
  size_t Pos = 0;
  for (;;) {
    size_t Open = findTagLine(Text, "${#each ", Pos);
    if (Open == std::string::npos)
      break;
    size_t OpenTag = Text.find("${#each ", Open);
    size_t OpenEnd = Text.find('}', OpenTag);
    std::string List = Text.substr(OpenTag + 8, OpenEnd - OpenTag - 8);
    size_t BodyStart = Text.find('\n', OpenEnd);
    BodyStart = BodyStart == std::string::npos ? Text.size() : BodyStart + 1;
    size_t Close = findTagLine(Text, "${/each}", BodyStart);
    if (Close == std::string::npos)
      return templateError(Name, "does not close", "${#each " + List + "}");
    auto It = Lists.find(List);
    if (It == Lists.end())
      return templateError(Name, "needs the list", List);
    llvm::Expected<std::string> Before =
        substitute(Text.substr(Pos, Open - Pos), Name, Top);
    if (!Before)
      return Before.takeError();
    Out += *Before;
    std::string Body = Text.substr(BodyStart, Close - BodyStart);
    for (const TemplateRecord &Item : It->second) {
      llvm::Expected<std::string> Filled =
          substitute(Body, Name, Scope{Vars, &Item});
      if (!Filled)
        return Filled.takeError();
      Out += *Filled;
    }
    size_t CloseEnd = Text.find('\n', Close);
    Pos = CloseEnd == std::string::npos ? Text.size() : CloseEnd + 1;
  }
  llvm::Expected<std::string> Rest = substitute(Text.substr(Pos), Name, Top);
  if (!Rest)
    return Rest.takeError();
  return Out + *Rest;
}

} // namespace

llvm::Expected<std::string>
renderTemplate(const std::string &Name,
               const std::map<std::string, std::string> &Vars,
               const TemplateLists &Lists) {
  llvm::Expected<const char *> Text = lookupTemplate(Name);
  if (!Text)
    return Text.takeError();
  return fill(Name, *Text, Vars, Lists);
}

llvm::Expected<std::string>
fillTemplate(const std::string &Text,
             const std::map<std::string, std::string> &Vars,
             const TemplateLists &Lists) {
  return fill("<text>", Text, Vars, Lists);
}

std::vector<std::string> templateNames(const std::string &Prefix) {
  std::vector<std::string> Names;
  for (const auto &[Path, Text] : EmbeddedTemplates)
    if (std::string(Path).compare(0, Prefix.size(), Prefix) == 0)
      Names.push_back(Path);
  std::sort(Names.begin(), Names.end());
  return Names;
}

} // namespace opgen
