//===- Annotate.cpp - One annotated function → a named op draft -----------===//
#include "check/Annotate.h"

#include "check/Common.h"

namespace opgen {
namespace check {

bool isTensorList(const Type &T) {
  return T.Base == BaseType::Tensor && T.IsList && !T.ElementOptional;
}

std::optional<size_t> OpDraft::argument(const std::string &Name) const {
  return argumentIndex(Schema, Name);
}

std::string OpDraft::spelling(size_t I) const {
  return I < Fn.Impl.Params.size() && !Fn.Impl.Params[I].Spelling.empty()
             ? Fn.Impl.Params[I].Spelling
             : printType(Schema.Arguments[I].Ty);
}

bool OpDraft::listLevel(std::string &Name, const char *Key,
                        const AnnotationValue &V) {
  if (Name.size() < 3 || Name.compare(Name.size() - 2, 2, "[]") != 0)
    return false;
  Name = trim(Name.substr(0, Name.size() - 2));
  std::optional<size_t> I = argument(Name);
  if (I && !isTensorList(Schema.Arguments[*I].Ty))
    Diags.report(DiagId::ListAliasNotList, V.Loc, {Key, Name, spelling(*I)});
  return true;
}

std::optional<OpDraft> applyAnnotation(const AnnotatedFunction &Fn,
                                       const AnnotationValue &OpName,
                                       DiagSink &Diags) {
  unsigned Before = Diags.errorCount();
  if (Fn.Attr.Kind == AnnotationKind::CustomOp)
    reportUnknownKeys(Fn.Attr, DiagId::AttrUnknownKey, Diags);
  std::optional<OpSchema> Name = opNameOf(OpName, Diags);
  if (!Name)
    return std::nullopt;
  OpDraft D(Fn, Diags, Before);
  D.Schema.Namespace = Name->Namespace;
  D.Schema.Name = Name->Name;
  D.Schema.Overload = Name->Overload;
  for (const OpStep &Step : opSteps()) {
    if (!Step.Key)
      Step.Always(D);
    else if (const AnnotationValue *V = Fn.Attr.find(*Step.Key))
      Step.CheckKey(*V, D);
  }
  if (Diags.errorCount() != Before)
    return std::nullopt;
  return D;
}

} // namespace check
} // namespace opgen
