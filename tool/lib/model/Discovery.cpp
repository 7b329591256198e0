//===- Discovery.cpp - The frontend's result as a file --------------------===//
//
// Model structs to JSON and back. Schemas travel as schema strings (the
// schema model's law, parse(print(M)) == M, makes that exact); everything
// else field by field. Enums are written by name.
//===----------------------------------------------------------------------===//
#include "opgen/model/Discovery.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <array>

namespace opgen {

namespace {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

/// Bump on any change of the layout below.
constexpr int64_t FormatVersion = 6;
constexpr const char *FormatTag = "opgen-discovery";

template <typename E> Value enumValue(E V) { return std::string(enumName(V)); }

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

Value loc(const SourceLoc &L) {
  if (L.File.empty() && L.Line == 0 && L.Column == 0)
    return nullptr;
  return Array{L.File, L.Line, L.Column};
}

/// The inferred schema of a function as a schema string in the definition
/// form (`m.def`'s, which parses back exactly: `int[] s=[1, 1]` stays a
/// list). It has no op name yet, and its argument names are the C++
/// parameters' (which the check phase may reject as schema names, e.g.
/// `in`), so placeholders stand in for both; the names travel beside it.
std::string schemaText(const OpSchema &S) {
  OpSchema Placeholders = S;
  Placeholders.Name = "_";
  for (size_t I = 0; I < Placeholders.Arguments.size(); ++I)
    Placeholders.Arguments[I].Name = "a" + std::to_string(I);
  return printSchemaWithoutNamespace(Placeholders);
}

Value annotationValue(const AnnotationValue &V) {
  return Object{{"text", V.Text}, {"loc", loc(V.Loc)}};
}

Value expr(const FakeExpr &E) {
  Array Ops;
  for (const FakeExpr &Op : E.Ops)
    Ops.push_back(expr(Op));
  Object O{{"kind", enumValue(E.K)}};
  if (!E.Name.empty())
    O["name"] = E.Name;
  if (!E.Text.empty())
    O["text"] = E.Text;
  if (!Ops.empty())
    O["ops"] = std::move(Ops);
  return O;
}

Value output(const FakeOutput &F) {
  Object O{{"kind", enumValue(F.K)},
           {"like", F.Like},
           {"memory_format", F.MemoryFormat},
           {"like_contiguous", F.LikeContiguous},
           {"factory", F.Factory},
           {"loc", loc(F.Loc)}};
  if (F.Sizes)
    O["sizes"] = expr(*F.Sizes);
  if (F.Dtype)
    O["dtype"] = expr(*F.Dtype);
  return O;
}

Value kernel(const Kernel &K) {
  Array Params;
  for (const CppParam &P : K.Params)
    Params.push_back(Object{{"name", P.Name},
                            {"spelling", P.Spelling},
                            {"container", enumValue(P.Container)},
                            {"std_optional", P.StdOptional},
                            {"std_string", P.StdString},
                            {"mutable_ref", P.MutableRef},
                            {"concrete_int", P.ConcreteInt},
                            {"loc", loc(P.Loc)}});
  Object O{{"key", enumValue(K.Key)},
           {"language", enumValue(K.Lang)},
           {"abi", enumValue(K.Abi)},
           {"callee", K.Callee},
           {"host_source", K.HostSource},
           {"loc", loc(K.Loc)},
           {"params", std::move(Params)},
           {"return", Object{{"spelling", K.Ret.Spelling},
                             {"reference", K.Ret.Reference}}}};
  if (K.Synthesis) {
    Array Outputs;
    for (const FakeOutput &F : K.Synthesis->Outputs)
      Outputs.push_back(output(F));
    O["synthesis"] = Object{{"ok", K.Synthesis->Ok},
                            {"outputs", std::move(Outputs)},
                            {"why", K.Synthesis->Why},
                            {"why_loc", loc(K.Synthesis->WhyLoc)}};
  }
  if (K.MetaSafe)
    O["meta_safe"] = Object{{"safe", K.MetaSafe->Safe},
                            {"why", K.MetaSafe->Why},
                            {"why_loc", loc(K.MetaSafe->WhyLoc)}};
  // One entry per parameter, in order, when the body was seen.
  if (!K.Params.empty() &&
      std::all_of(K.Params.begin(), K.Params.end(),
                  [](const CppParam &P) { return P.Effects.has_value(); })) {
    Array Effects;
    for (const CppParam &P : K.Params) {
      Array Writes;
      for (const TensorWrite &W : P.Effects->Writes)
        Writes.push_back(Object{{"how", W.How}, {"loc", loc(W.Loc)}});
      Effects.push_back(
          Object{{"writes", std::move(Writes)}, {"escapes", P.Effects->Escapes}});
    }
    O["effects"] = std::move(Effects);
  }
  if (!K.Checks.empty()) {
    Array Checks;
    for (const FakeExpr &C : K.Checks)
      Checks.push_back(expr(C));
    O["checks"] = std::move(Checks);
  }
  return O;
}

Value function(const AnnotatedFunction &F) {
  Array Keys;
  for (const auto &[Key, V] : F.Attr.Keys)
    Keys.push_back(Array{std::string(enumName(Key)), annotationValue(V)});
  for (const auto &[Key, V] : F.Attr.UnknownKeys)
    Keys.push_back(Array{Key, annotationValue(V)});
  return Object{
      {"annotation", Object{{"kind", enumValue(F.Attr.Kind)},
                            {"loc", loc(F.Attr.Loc)},
                            {"name", annotationValue(F.Attr.Name)},
                            {"keys", std::move(Keys)}}},
      {"inferred_schema", schemaText(F.Inferred)},
      {"argument_names", [&] {
         Array Names;
         for (const Argument &A : F.Inferred.Arguments)
           Names.push_back(A.Name);
         return Names;
       }()},
      {"kernel", kernel(F.Impl)}};
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

/// Reads values, remembering the first thing that was wrong and where
/// (`functions[2].kernel.key`).
class Reader {
public:
  /// Locations are written relative to \p From and read relative to \p To.
  Reader(std::string From, std::string To)
      : From(std::move(From)), To(std::move(To)) {}

  bool ok() const { return Error.empty(); }
  const std::string &error() const { return Error; }

  void fail(const std::string &Where, const std::string &What) {
    if (Error.empty())
      Error = Where + ": " + What;
  }

  const Object *object(const Value *V, const std::string &Where) {
    const Object *O = V ? V->getAsObject() : nullptr;
    if (!O)
      fail(Where, "expected an object");
    return O;
  }
  const Array *array(const Object &O, llvm::StringRef Key,
                     const std::string &Where) {
    const Array *A = O.getArray(Key);
    if (!A)
      fail(Where + "." + Key.str(), "expected an array");
    return A;
  }
  std::string string(const Object &O, llvm::StringRef Key,
                     const std::string &Where) {
    if (std::optional<llvm::StringRef> S = O.getString(Key))
      return S->str();
    fail(Where + "." + Key.str(), "expected a string");
    return "";
  }
  std::string string(const Value &V, const std::string &Where) {
    if (std::optional<llvm::StringRef> S = V.getAsString())
      return S->str();
    fail(Where, "expected a string");
    return "";
  }
  bool boolean(const Object &O, llvm::StringRef Key, const std::string &Where) {
    if (std::optional<bool> B = O.getBoolean(Key))
      return *B;
    fail(Where + "." + Key.str(), "expected a boolean");
    return false;
  }
  template <typename E>
  E enumeration(const Object &O, llvm::StringRef Key, const std::string &Where) {
    std::string S = string(O, Key, Where);
    if (std::optional<E> V = parseEnum<E>(S))
      return *V;
    fail(Where + "." + Key.str(), "unknown value '" + S + "'");
    return static_cast<E>(0);
  }

  SourceLoc loc(const Object &O, llvm::StringRef Key, const std::string &Where) {
    SourceLoc L;
    const Value *V = O.get(Key);
    if (!V || V->getAsNull())
      return L;
    const Array *A = V->getAsArray();
    std::optional<int64_t> Line, Column;
    if (A && A->size() == 3) {
      Line = (*A)[1].getAsInteger();
      Column = (*A)[2].getAsInteger();
    }
    if (!A || A->size() != 3 || !(*A)[0].getAsString() || !Line || !Column ||
        *Line < 0 || *Column < 0) {
      fail(Where + "." + Key.str(), "expected [file, line, column]");
      return L;
    }
    L.File = (*A)[0].getAsString()->str();
    if (From != To && !L.File.empty())
      L.File = displayPath(L.File[0] == '/' ? L.File : From + "/" + L.File, To);
    L.Line = static_cast<unsigned>(*Line);
    L.Column = static_cast<unsigned>(*Column);
    return L;
  }

  AnnotationValue annotationValue(const Value *V, const std::string &Where) {
    AnnotationValue Out;
    if (const Object *O = object(V, Where)) {
      Out.Text = string(*O, "text", Where);
      Out.Loc = loc(*O, "loc", Where);
    }
    return Out;
  }

  FakeExpr expr(const Value *V, const std::string &Where, unsigned Depth = 0) {
    FakeExpr E;
    const Object *O = object(V, Where);
    if (!O)
      return E;
    if (Depth > 256) {
      fail(Where, "expression nested too deeply");
      return E;
    }
    E.K = enumeration<FakeExpr::Kind>(*O, "kind", Where);
    if (O->get("name"))
      E.Name = string(*O, "name", Where);
    if (O->get("text"))
      E.Text = string(*O, "text", Where);
    if (O->get("ops"))
      if (const Array *Ops = array(*O, "ops", Where))
        for (size_t I = 0; I < Ops->size(); ++I)
          E.Ops.push_back(expr(&(*Ops)[I],
                               Where + ".ops[" + std::to_string(I) + "]",
                               Depth + 1));
    return E;
  }

  FakeOutput output(const Value *V, const std::string &Where) {
    FakeOutput F;
    const Object *O = object(V, Where);
    if (!O)
      return F;
    F.K = enumeration<FakeOutput::Kind>(*O, "kind", Where);
    F.Like = string(*O, "like", Where);
    F.MemoryFormat = string(*O, "memory_format", Where);
    F.LikeContiguous = string(*O, "like_contiguous", Where);
    F.Factory = string(*O, "factory", Where);
    F.Loc = loc(*O, "loc", Where);
    if (O->get("sizes"))
      F.Sizes = expr(O->get("sizes"), Where + ".sizes");
    if (O->get("dtype"))
      F.Dtype = expr(O->get("dtype"), Where + ".dtype");
    return F;
  }

  Kernel kernel(const Value *V, const std::string &Where) {
    Kernel K;
    const Object *O = object(V, Where);
    if (!O)
      return K;
    K.Key = enumeration<DispatchKey>(*O, "key", Where);
    K.Lang = enumeration<Language>(*O, "language", Where);
    K.Abi = enumeration<KernelAbi>(*O, "abi", Where);
    K.Callee = string(*O, "callee", Where);
    K.HostSource = string(*O, "host_source", Where);
    K.Loc = loc(*O, "loc", Where);
    if (const Array *Params = array(*O, "params", Where))
      for (size_t I = 0; I < Params->size(); ++I) {
        std::string At = Where + ".params[" + std::to_string(I) + "]";
        const Object *P = object(&(*Params)[I], At);
        if (!P)
          break;
        CppParam C;
        C.Name = string(*P, "name", At);
        C.Spelling = string(*P, "spelling", At);
        C.Container = enumeration<CppContainer>(*P, "container", At);
        C.StdOptional = boolean(*P, "std_optional", At);
        C.StdString = boolean(*P, "std_string", At);
        C.MutableRef = boolean(*P, "mutable_ref", At);
        C.ConcreteInt = boolean(*P, "concrete_int", At);
        C.Loc = loc(*P, "loc", At);
        K.Params.push_back(std::move(C));
      }
    if (const Object *R = object(O->get("return"), Where + ".return")) {
      K.Ret.Spelling = string(*R, "spelling", Where + ".return");
      K.Ret.Reference = boolean(*R, "reference", Where + ".return");
    }
    if (O->get("synthesis")) {
      std::string At = Where + ".synthesis";
      if (const Object *S = object(O->get("synthesis"), At)) {
        FakeSynthesis Syn;
        Syn.Ok = boolean(*S, "ok", At);
        Syn.Why = string(*S, "why", At);
        Syn.WhyLoc = loc(*S, "why_loc", At);
        if (const Array *Outputs = array(*S, "outputs", At))
          for (size_t I = 0; I < Outputs->size(); ++I)
            Syn.Outputs.push_back(output(
                &(*Outputs)[I], At + ".outputs[" + std::to_string(I) + "]"));
        K.Synthesis = std::move(Syn);
      }
    }
    if (O->get("meta_safe")) {
      std::string At = Where + ".meta_safe";
      if (const Object *S = object(O->get("meta_safe"), At)) {
        MetaSafety M;
        M.Safe = boolean(*S, "safe", At);
        M.Why = string(*S, "why", At);
        M.WhyLoc = loc(*S, "why_loc", At);
        K.MetaSafe = std::move(M);
      }
    }
    if (O->get("effects"))
      if (const Array *Effects = array(*O, "effects", Where)) {
        for (size_t I = 0; I < Effects->size(); ++I) {
          std::string At = Where + ".effects[" + std::to_string(I) + "]";
          const Object *E = object(&(*Effects)[I], At);
          if (!E)
            break;
          ParamEffects PE;
          PE.Escapes = boolean(*E, "escapes", At);
          if (const Array *Writes = array(*E, "writes", At))
            for (size_t J = 0; J < Writes->size(); ++J) {
              std::string WAt = At + ".writes[" + std::to_string(J) + "]";
              if (const Object *W = object(&(*Writes)[J], WAt))
                PE.Writes.push_back({string(*W, "how", WAt), loc(*W, "loc", WAt)});
            }
          // One per parameter; a record of another shape says nothing.
          if (Effects->size() == K.Params.size())
            K.Params[I].Effects = std::move(PE);
        }
      }
    if (O->get("checks"))
      if (const Array *Checks = array(*O, "checks", Where))
        for (size_t I = 0; I < Checks->size(); ++I)
          K.Checks.push_back(expr(&(*Checks)[I],
                                  Where + ".checks[" + std::to_string(I) + "]"));
    return K;
  }

  AnnotatedFunction function(const Value *V, const std::string &Where) {
    AnnotatedFunction F;
    const Object *O = object(V, Where);
    if (!O)
      return F;
    std::string At = Where + ".annotation";
    if (const Object *A = object(O->get("annotation"), At)) {
      F.Attr.Kind = enumeration<AnnotationKind>(*A, "kind", At);
      F.Attr.Loc = loc(*A, "loc", At);
      F.Attr.Name = annotationValue(A->get("name"), At + ".name");
      if (const Array *Keys = array(*A, "keys", At))
        for (size_t I = 0; I < Keys->size(); ++I) {
          std::string KeyAt = At + ".keys[" + std::to_string(I) + "]";
          const Array *Pair = (*Keys)[I].getAsArray();
          if (!Pair || Pair->size() != 2) {
            fail(KeyAt, "expected [key, value]");
            break;
          }
          F.Attr.addKey(string((*Pair)[0], KeyAt),
                        annotationValue(&(*Pair)[1], KeyAt));
        }
    }
    std::string Schema = string(*O, "inferred_schema", Where);
    if (llvm::Expected<OpSchema> S = parseSchema(Schema)) {
      F.Inferred = std::move(*S);
      F.Inferred.Name.clear();
    } else {
      std::string Why = schemaParseError(S.takeError()).second;
      if (ok())
        fail(Where + ".inferred_schema", "not a schema: " + Why);
    }
    if (const Array *Names = array(*O, "argument_names", Where)) {
      if (Names->size() != F.Inferred.Arguments.size())
        fail(Where + ".argument_names", "expected one name per argument");
      for (size_t I = 0; I < Names->size() && ok(); ++I)
        F.Inferred.Arguments[I].Name = string(
            (*Names)[I], Where + ".argument_names[" + std::to_string(I) + "]");
    }
    F.Impl = kernel(O->get("kernel"), Where + ".kernel");
    return F;
  }

private:
  std::string From, To;
  std::string Error;
};

} // namespace

std::string writeDiscoveryRecord(const DiscoveryRecord &Record) {
  Array Functions;
  for (const AnnotatedFunction &F : Record.Functions)
    Functions.push_back(function(F));
  Array Sources, Dependencies;
  for (const std::string &S : Record.Sources)
    Sources.push_back(S);
  for (const std::string &D : Record.Dependencies)
    Dependencies.push_back(D);
  Value Doc = Object{{"format", FormatTag},
                     {"version", FormatVersion},
                     {"root", Record.Root},
                     {"sources", std::move(Sources)},
                     {"functions", std::move(Functions)},
                     {"dependencies", std::move(Dependencies)}};
  return llvm::formatv("{0:2}", Doc).str() + "\n";
}

llvm::Expected<DiscoveryRecord> readDiscoveryRecord(const std::string &Text,
                                                    const std::string &Root) {
  auto Fail = [](const std::string &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  llvm::Expected<Value> Doc = llvm::json::parse(Text);
  if (!Doc)
    return Fail("not JSON: " + llvm::toString(Doc.takeError()));
  const Object *Top = Doc->getAsObject();
  if (!Top || Top->getString("format") != llvm::StringRef(FormatTag))
    return Fail("not a discovery record");
  if (Top->getInteger("version") != FormatVersion)
    return Fail("written by another version of opgen (format " +
                std::to_string(Top->getInteger("version").value_or(0)) +
                ", this opgen reads " + std::to_string(FormatVersion) + ")");
  std::optional<llvm::StringRef> RecordRoot = Top->getString("root");
  if (!RecordRoot || !RecordRoot->startswith("/"))
    return Fail("record.root: expected an absolute directory");
  Reader R(RecordRoot->str(), Root);
  DiscoveryRecord Out;
  Out.Root = Root;
  if (const Array *Sources = R.array(*Top, "sources", "record"))
    for (size_t I = 0; I < Sources->size(); ++I)
      Out.Sources.push_back(
          R.string((*Sources)[I], "sources[" + std::to_string(I) + "]"));
  if (const Array *Functions = R.array(*Top, "functions", "record"))
    for (size_t I = 0; I < Functions->size() && R.ok(); ++I)
      Out.Functions.push_back(
          R.function(&(*Functions)[I], "functions[" + std::to_string(I) + "]"));
  if (const Array *Deps = R.array(*Top, "dependencies", "record"))
    for (size_t I = 0; I < Deps->size(); ++I)
      Out.Dependencies.insert(
          R.string((*Deps)[I], "dependencies[" + std::to_string(I) + "]"));
  if (!R.ok())
    return Fail(R.error());
  return Out;
}

} // namespace opgen
