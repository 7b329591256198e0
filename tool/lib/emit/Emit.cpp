//===- Emit.cpp - Model to generated files --------------------------------===//
//
// One function per generated file, each filling its template. The C++ and
// Python "calling conventions" of a schema (dispatcher types, Python type
// hints, default literals) are small translators at the top.
//===----------------------------------------------------------------------===//
#include "opgen/emit/Emit.h"
#include "opgen/model/SourceKind.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>

namespace opgen {

namespace {

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

std::string join(const std::vector<std::string> &Items, const char *Sep) {
  std::string Out;
  for (size_t I = 0; I < Items.size(); ++I) {
    if (I)
      Out += Sep;
    Out += Items[I];
  }
  return Out;
}

/// A double-quoted string literal valid in C++, Python and JSON.
std::string quote(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(C) < 0x20) {
        char Buf[8];
        std::snprintf(Buf, sizeof(Buf), "\\u%04x", C);
        Out += Buf;
      } else {
        Out += C;
      }
    }
  }
  return Out + "\"";
}

bool isMutated(const Argument &A) {
  const AliasInfo *Alias = A.Ty.alias();
  return Alias && Alias->IsWrite;
}

std::string sourcesDoc(const OpLibrary &L, const EmitOptions &Opts) {
  std::vector<std::string> Names;
  for (const std::string &S : L.Sources)
    Names.push_back(displayPath(S, Opts.Root));
  return join(Names, ", ");
}

/// `mylib_crop` or `mylib_muladd_out`: a C++/Python identifier per op.
std::string opIdentifier(const OpSchema &S) {
  std::string Id = S.Namespace + "_" + S.Name;
  if (!S.Overload.empty())
    Id += "_" + S.Overload;
  return Id;
}

std::string wrapperName(const Op &O, const Kernel &K) {
  return opIdentifier(O.Schema) + "__" + std::string(dispatchKeyName(K.Key));
}

/// The name as `m.def`/`m.impl` see it inside TORCH_LIBRARY(ns, m).
std::string nameInLibrary(const OpSchema &S) {
  return S.Overload.empty() ? S.Name : S.Name + "." + S.Overload;
}

std::set<std::string> namespaces(const OpLibrary &L) {
  std::set<std::string> Out;
  for (const Op &O : L.Ops)
    Out.insert(O.Schema.Namespace);
  return Out;
}

//===----------------------------------------------------------------------===//
// C++: the dispatcher's calling convention
//===----------------------------------------------------------------------===//

std::string cppElementType(BaseType B) {
  switch (B) {
  case BaseType::Tensor:
    return "at::Tensor";
  case BaseType::Int:
    return "int64_t";
  case BaseType::SymInt:
    return "c10::SymInt";
  case BaseType::Float:
    return "double";
  case BaseType::Bool:
    return "bool";
  case BaseType::Str:
    return "c10::string_view";
  case BaseType::Scalar:
    return "at::Scalar";
  case BaseType::ScalarType:
    return "at::ScalarType";
  case BaseType::Layout:
    return "at::Layout";
  case BaseType::MemoryFormat:
    return "at::MemoryFormat";
  case BaseType::Device:
    return "at::Device";
  case BaseType::Generator:
    return "at::Generator";
  }
  return "";
}

/// The C++ argument type the dispatcher uses for schema type \p T.
std::string cppArgumentType(const Type &T, bool Mutated) {
  if (T.IsList) {
    if (T.Base == BaseType::Tensor) {
      if (T.ElementOptional)
        return "const c10::List<std::optional<at::Tensor>>&";
      return T.Optional ? "std::optional<at::TensorList>" : "at::TensorList";
    }
    if (T.FixedSize)
      return "std::array<bool, " + std::to_string(*T.FixedSize) + ">";
    if (T.Base == BaseType::Int)
      return T.Optional ? "at::OptionalIntArrayRef" : "c10::IntArrayRef";
    if (T.Base == BaseType::SymInt)
      return T.Optional ? "at::OptionalSymIntArrayRef" : "c10::SymIntArrayRef";
    std::string List = "c10::ArrayRef<" + cppElementType(T.Base) + ">";
    return T.Optional ? "std::optional<" + List + ">" : List;
  }
  std::string Elem = cppElementType(T.Base);
  if (T.Base == BaseType::Tensor && !T.Optional)
    return Mutated ? "at::Tensor&" : "const at::Tensor&";
  bool ByRef = T.Base == BaseType::Tensor || T.Base == BaseType::Scalar;
  std::string Full = T.Optional ? "std::optional<" + Elem + ">" : Elem;
  return ByRef ? "const " + Full + "&" : Full;
}

std::string cppReturnElement(const Return &R) {
  const Type &T = R.Ty;
  if (T.Base == BaseType::Tensor && !T.IsList && R.Ty.alias())
    return "at::Tensor&";
  std::string Elem = T.Base == BaseType::Str ? "std::string"
                                             : cppElementType(T.Base);
  if (T.IsList)
    Elem = "std::vector<" + Elem + ">";
  return T.Optional ? "std::optional<" + Elem + ">" : Elem;
}

std::string cppReturnType(const OpSchema &S) {
  if (S.Returns.empty())
    return "void";
  if (S.Returns.size() == 1)
    return cppReturnElement(S.Returns.front());
  std::vector<std::string> Elems;
  for (const Return &R : S.Returns)
    Elems.push_back(cppReturnElement(R));
  return "std::tuple<" + join(Elems, ", ") + ">";
}

std::string cppParameterList(const OpSchema &S, bool WithNames) {
  std::vector<std::string> Params;
  for (const Argument &A : S.Arguments)
    Params.push_back(cppArgumentType(A.Ty, isMutated(A)) +
                     (WithNames ? " " + A.Name : ""));
  return join(Params, ", ");
}

/// `ret name(params)`: a generated kernel function with the dispatcher's C++
/// types for \p S (wrappers, Autograd kernels), as declared and defined.
std::string kernelSignature(const OpSchema &S, const std::string &Name) {
  return cppReturnType(S) + " " + Name + "(" + cppParameterList(S, /*WithNames=*/true) +
         ")";
}

/// The expression that passes dispatcher argument \p A to a kernel that takes
/// it as \p P.
std::string convertArgument(const Argument &A, const CppParam &P) {
  const std::string &Name = A.Name;
  if (A.Ty.Base == BaseType::SymInt && P.ConcreteInt)
    return "opgen::rt::concrete(" + Name + ", __FILE__, __LINE__)";
  bool PlainTensor = A.Ty.isTensorLike() && !A.Ty.IsList && !A.Ty.Optional;
  if (P.MutableRef && !PlainTensor) {
    // `std::vector<at::Tensor>&` or `std::optional<at::Tensor>&`: a copy of
    // the handles, alive for the call; writes reach the same storage.
    std::string Copy = P.Container == CppContainer::Vector
                           ? (P.StdOptional ? "opgen::rt::to_vector(" + Name + ")"
                                            : Name + ".vec()")
                           : "std::optional<at::Tensor>(" + Name + ")";
    return "opgen::rt::lvalue(" + Copy + ")";
  }
  if (P.MutableRef && !isMutated(A))
    return "const_cast<" + P.Spelling + ">(" + Name + ")";
  if (P.Container == CppContainer::Vector)
    return P.StdOptional ? "opgen::rt::to_vector(" + Name + ")"
                         : Name + ".vec()";
  if (P.StdString)
    return P.StdOptional ? "opgen::rt::to_string(" + Name + ")"
                         : "std::string(" + Name + ")";
  return Name;
}

std::string provenance(const Op &O, const Kernel &K) {
  return O.Schema.fullName() + " (" + std::string(dispatchKeyName(K.Key)) +
         ") from " + K.Loc.str();
}

//===----------------------------------------------------------------------===//
// C++: synthesised fakes (SymInt-aware Meta kernels)
//===----------------------------------------------------------------------===//

/// C++ for an integer-valued FakeExpr; tensor sizes are read as SymInts.
/// Operators are parenthesised unless \p Top (a whole argument or item).
std::string cppFakeInteger(const FakeExpr &E, bool Top = true);

/// C++ for a list-valued FakeExpr, as something c10::SymIntArrayRef binds.
std::string cppFakeSizes(const FakeExpr &E) {
  switch (E.K) {
  case FakeExpr::Kind::Sizes:
    return E.Name + ".sym_sizes()";
  case FakeExpr::Kind::ListArg:
    return "opgen::rt::sym_list(" + E.Name + ")";
  case FakeExpr::Kind::List: {
    std::vector<std::string> Items;
    for (const FakeExpr &Op : E.Ops)
      Items.push_back(cppFakeInteger(Op));
    return "std::vector<c10::SymInt>{" + join(Items, ", ") + "}";
  }
  case FakeExpr::Kind::SetItem:
    return "opgen::rt::with_item(" + cppFakeSizes(E.Ops[0]) + ", " +
           cppFakeInteger(E.Ops[1]) + ", " + cppFakeInteger(E.Ops[2]) + ")";
  default:
    return "/* not a list: " + E.str() + " */";
  }
}

std::string cppFakeInteger(const FakeExpr &E, bool Top) {
  auto Paren = [Top](const std::string &S) { return Top ? S : "(" + S + ")"; };
  switch (E.K) {
  case FakeExpr::Kind::Literal:
    return E.Text;
  case FakeExpr::Kind::Arg:
    return E.Name;
  case FakeExpr::Kind::ArgItem:
    return E.Name + "[" + cppFakeInteger(E.Ops[0]) + "]";
  case FakeExpr::Kind::ArgLength:
    return "static_cast<int64_t>(" + E.Name + ".size())";
  case FakeExpr::Kind::Size:
    return E.Name + ".sym_size(" + cppFakeInteger(E.Ops[0]) + ")";
  case FakeExpr::Kind::Dim:
    return E.Name + ".dim()";
  case FakeExpr::Kind::Numel:
    return E.Name + ".sym_numel()";
  case FakeExpr::Kind::ScalarTypeOf:
    return E.Name + ".scalar_type()";
  case FakeExpr::Kind::Unary:
    return E.Text + cppFakeInteger(E.Ops[0], false);
  case FakeExpr::Kind::Binary:
    return Paren(cppFakeInteger(E.Ops[0], false) + " " + E.Text + " " +
                 cppFakeInteger(E.Ops[1], false));
  case FakeExpr::Kind::Cond:
    return Paren(cppFakeInteger(E.Ops[0], false) + " ? " +
                 cppFakeInteger(E.Ops[1], false) + " : " +
                 cppFakeInteger(E.Ops[2], false));
  default:
    return "/* not an integer: " + E.str() + " */";
  }
}

std::string cppFakeOutput(const FakeOutput &O) {
  switch (O.K) {
  case FakeOutput::Kind::Empty: {
    std::string Options = O.Like + ".options()";
    if (O.Dtype)
      Options += ".dtype(" + cppFakeInteger(*O.Dtype) + ")";
    return "at::empty_symint(" + cppFakeSizes(*O.Sizes) + ", " + Options + ")";
  }
  case FakeOutput::Kind::EmptyLike:
    if (O.MemoryFormat.empty())
      return "at::empty_like(" + O.Like + ")";
    return "at::empty_like(" + O.Like + ", at::TensorOptions(), " +
           O.MemoryFormat + ")";
  case FakeOutput::Kind::Argument:
    return O.Like;
  }
  return "";
}

/// The Meta kernels opgen synthesised, defined in registration.cpp.
std::string synthesizedFakes(const OpLibrary &L) {
  std::ostringstream Out;
  for (const Op &O : L.Ops) {
    if (O.Fake != FakeKind::Synthesized)
      continue;
    std::vector<std::string> Values, Origins;
    for (const FakeOutput &F : O.SynthesizedFake) {
      Values.push_back(cppFakeOutput(F));
      Origins.push_back(F.K == FakeOutput::Kind::Argument
                            ? "returns " + F.Like
                            : F.Factory + " at " + F.Loc.str());
    }
    std::string Value = Values.size() == 1
                            ? Values.front()
                            : cppReturnType(O.Schema) + "(\n      " +
                                  join(Values, ",\n      ") + ")";
    Out << "// " << O.Schema.fullName() << " (Meta), synthesised from the "
        << "kernel at " << O.FakeWhere << ": " << join(Origins, "; ") << "\n"
        << cppReturnType(O.Schema) << " " << opIdentifier(O.Schema)
        << "__Meta(" << cppParameterList(O.Schema, true) << ") {\n"
        << "  return " << Value << ";\n"
        << "}\n\n";
  }
  if (Out.str().empty())
    return "";
  return "// Fake (Meta) kernels synthesised from the kernels' allocations:\n"
         "// shapes from the inputs' (symbolic) sizes, no data is read.\n"
         "namespace opgen_generated {\n\n" +
         Out.str() + "} // namespace opgen_generated\n\n";
}

//===----------------------------------------------------------------------===//
// C++: autograd glue (torch::autograd::Function per op with a backward)
//===----------------------------------------------------------------------===//

std::string autogradWrapperName(const OpSchema &S) {
  return opIdentifier(S) + "__Autograd";
}

/// Whether \p O gets an Autograd kernel: its backward's glue, or for a
/// backward op without a backward of its own, one that refuses to be
/// differentiated.
bool hasAutogradKernel(const Op &O) {
  return O.Autograd || !O.BackwardOf.empty();
}

/// `at::Tensor(const at::Tensor&, c10::IntArrayRef)`: the typed dispatcher
/// signature of \p S.
std::string dispatcherSignature(const OpSchema &S) {
  return cppReturnType(S) + "(" + cppParameterList(S, /*WithNames=*/false) + ")";
}

std::string typedHandle(const std::string &Var, const OpSchema &S) {
  return "    static const auto " + Var +
         " = c10::Dispatcher::singleton()\n"
         "        .findSchemaOrThrow(" + quote(S.Namespace + "::" + S.Name) + ", " +
         quote(S.Overload) + ")\n"
         "        .typed<" + dispatcherSignature(S) + ">();\n";
}

std::vector<std::string> argumentNames(const OpSchema &S) {
  std::vector<std::string> Names;
  for (const Argument &A : S.Arguments)
    Names.push_back(A.Name);
  return Names;
}

/// Statements that call \p Op below autograd and collect the results of a
/// schema with returns \p S into `outputs` (a variable_list).
std::string callBelowAutograd(const OpSchema &S) {
  std::string Call = "op.call(" + join(argumentNames(S), ", ") + ")";
  std::string Out = "    torch::autograd::variable_list outputs;\n"
                    "    {\n"
                    "      at::AutoDispatchBelowADInplaceOrView guard;\n";
  if (S.Returns.size() == 1 && S.Returns[0].Ty.IsList) {
    Out += "      outputs = " + Call + ";\n";
  } else if (S.Returns.size() == 1) {
    Out += "      outputs = {" + Call + "};\n";
  } else {
    std::vector<std::string> Items;
    for (size_t I = 0; I < S.Returns.size(); ++I)
      Items.push_back("std::get<" + std::to_string(I) + ">(result)");
    Out += "      const auto result = " + Call + ";\n"
           "      outputs = {" + join(Items, ", ") + "};\n";
  }
  return Out + "    }\n";
}

/// The wrapper registered under Autograd: applies the Function and converts
/// its variable_list back to the op's return type.
std::string autogradWrapper(const OpSchema &S, const std::string &Function) {
  std::string Out = kernelSignature(S, autogradWrapperName(S)) + " {\n"
                    "  auto outputs = " + Function + "::apply(" +
                    join(argumentNames(S), ", ") + ");\n";
  if (S.Returns.size() == 1 && S.Returns[0].Ty.IsList)
    return Out + "  return outputs;\n}\n\n";
  if (S.Returns.size() == 1)
    return Out + "  return outputs[0];\n}\n\n";
  std::vector<std::string> Items;
  for (size_t I = 0; I < S.Returns.size(); ++I)
    Items.push_back("outputs[" + std::to_string(I) + "]");
  return Out + "  return std::make_tuple(" + join(Items, ", ") + ");\n}\n\n";
}

/// The owning type a non-tensor argument is read back as from saved_data.
std::string savedValueType(const Type &T) {
  if (T.IsList && T.ElementOptional)
    return "c10::List<std::optional<at::Tensor>>";
  std::string Elem =
      T.Base == BaseType::Str ? "std::string" : cppElementType(T.Base);
  if (T.IsList)
    Elem = "std::vector<" + Elem + ">";
  return T.Optional ? "std::optional<" + Elem + ">" : Elem;
}

/// `struct <Name> : torch::autograd::Function<...> {` and the start of its
/// forward, up to the call of the op below autograd.
std::string functionOpening(const OpSchema &S, const std::string &Name) {
  return "struct " + Name + " : public torch::autograd::Function<" + Name +
         "> {\n"
         "  static torch::autograd::variable_list forward(\n"
         "      torch::autograd::AutogradContext *ctx" +
         (S.Arguments.empty() ? "" : ", " + cppParameterList(S, true)) +
         ") {\n" + typedHandle("op", S) + callBelowAutograd(S);
}

std::string autogradFunction(const Op &O) {
  const OpSchema &S = O.Schema;
  const AutogradInfo &A = *O.Autograd;
  const std::string Name = opIdentifier(S) + "_Function";
  std::ostringstream Out;
  Out << "// " << S.fullName() << " (Autograd): backward "
      << A.Backward.fullName() << ", from " << A.Loc.str() << "\n"
      << functionOpening(S, Name);
  // What the backward needs: tensors through save_for_backward, the rest
  // (scalars, SymInts, lists, optionals) in saved_data.
  std::vector<std::string> Saved, SavedData, NonDifferentiable, BackwardArgs;
  for (const BackwardInput &In : A.Inputs) {
    switch (In.K) {
    case BackwardInput::Kind::Grad:
      BackwardArgs.push_back("grads[" + std::to_string(In.Index) + "]");
      break;
    case BackwardInput::Kind::Result:
      BackwardArgs.push_back("saved[" + std::to_string(Saved.size()) + "]");
      Saved.push_back("outputs[" + std::to_string(In.Index) + "]");
      break;
    case BackwardInput::Kind::Input: {
      const Argument &Arg = S.Arguments[In.Index];
      if (Arg.Ty.isPlainTensor()) {
        BackwardArgs.push_back("saved[" + std::to_string(Saved.size()) + "]");
        Saved.push_back(Arg.Name);
      } else {
        BackwardArgs.push_back("ctx->saved_data[" + quote(Arg.Name) + "].to<" +
                               savedValueType(Arg.Ty) + ">()");
        SavedData.push_back("    ctx->saved_data[" + quote(Arg.Name) + "] = " +
                            Arg.Name + ";\n");
      }
      break;
    }
    }
  }
  for (size_t I = 0; I < A.Differentiable.size(); ++I)
    if (!A.Differentiable[I])
      NonDifferentiable.push_back("outputs[" + std::to_string(I) + "]");
  if (!Saved.empty())
    Out << "    ctx->save_for_backward({" << join(Saved, ", ") << "});\n";
  for (const std::string &Line : SavedData)
    Out << Line;
  if (!NonDifferentiable.empty())
    Out << "    ctx->mark_non_differentiable({" << join(NonDifferentiable, ", ")
        << "});\n";
  Out << "    return outputs;\n"
      << "  }\n\n"
      << "  static torch::autograd::variable_list backward(\n"
      << "      torch::autograd::AutogradContext *ctx,\n"
      << "      torch::autograd::variable_list grads) {\n"
      << typedHandle("backward_op", A.Backward);
  if (!Saved.empty())
    Out << "    const torch::autograd::variable_list saved = "
           "ctx->get_saved_variables();\n";
  Out << "    const auto input_grads = backward_op.call(" << join(BackwardArgs, ", ")
      << ");\n";
  // One gradient per forward argument; the tensor inputs' come from the
  // backward, in order.
  size_t TensorInputs = 0;
  for (const Argument &Arg : S.Arguments)
    TensorInputs += Arg.Ty.isSingleTensor();
  bool List = A.Backward.Returns.size() == 1 && A.Backward.Returns[0].Ty.IsList;
  if (List)
    Out << "    TORCH_CHECK(input_grads.size() == " << TensorInputs << ", "
        << quote(A.Backward.fullName() + " returned ") << ", input_grads.size(), "
        << quote(" gradients; " + S.fullName() + " has " +
                 std::to_string(TensorInputs) + " tensor inputs")
        << ");\n";
  std::vector<std::string> Grads;
  size_t Next = 0;
  for (const Argument &Arg : S.Arguments) {
    if (!Arg.Ty.isSingleTensor()) {
      Grads.push_back("at::Tensor()");
      continue;
    }
    if (List)
      Grads.push_back("input_grads[" + std::to_string(Next) + "]");
    else if (A.Backward.Returns.size() == 1)
      Grads.push_back("input_grads");
    else
      Grads.push_back("std::get<" + std::to_string(Next) + ">(input_grads)");
    ++Next;
  }
  Out << "    return {" << join(Grads, ", ") << "};\n"
      << "  }\n"
      << "};\n\n"
      << autogradWrapper(S, Name);
  return Out.str();
}

/// For a backward op without a backward: runs it, and raises a clear error
/// when something tries to differentiate it (double backward).
std::string refusingAutogradFunction(const Op &O) {
  const OpSchema &S = O.Schema;
  const std::string Name = opIdentifier(S) + "_Function";
  std::string Message =
      S.fullName() + " (the backward of " + O.BackwardOf +
      ") has no backward, so " + O.BackwardOf +
      " cannot be differentiated twice; write one with "
      "[[custom_op_backward(\"" + S.fullName() + "\")]]";
  std::ostringstream Out;
  Out << "// " << S.fullName() << " (Autograd): the backward of " << O.BackwardOf
      << "; it has no backward of its own\n"
      << functionOpening(S, Name)
      << "    return outputs;\n"
      << "  }\n\n"
      << "  static torch::autograd::variable_list backward(\n"
      << "      torch::autograd::AutogradContext *,\n"
      << "      torch::autograd::variable_list) {\n"
      << "    TORCH_CHECK(false, " << quote(Message) << ");\n"
      << "    return {};\n"
      << "  }\n"
      << "};\n\n"
      << autogradWrapper(S, Name);
  return Out.str();
}

std::string emitAutograd(const OpLibrary &L, const EmitOptions &Opts) {
  std::ostringstream Functions;
  for (const Op &O : L.Ops) {
    if (O.Autograd)
      Functions << autogradFunction(O);
    else if (!O.BackwardOf.empty())
      Functions << refusingAutogradFunction(O);
  }
  std::string Body = Functions.str();
  return renderTemplate(
      "autograd.cpp",
      {{"sources", sourcesDoc(L, Opts)},
       {"includes", Body.empty() ? "" : "#include <ATen/core/dispatch/Dispatcher.h>\n"
                                        "#include <torch/csrc/autograd/custom_function.h>\n"
                                        "\n"
                                        "#include \"autograd.h\"\n"},
       {"functions", Body.empty() ? "// No op of this library has a backward.\n"
                                  : "namespace opgen_generated {\n\n" + Body +
                                        "} // namespace opgen_generated\n"}});
}

//===----------------------------------------------------------------------===//
// C++ files
//===----------------------------------------------------------------------===//

std::string emitRegistration(const OpLibrary &L, const EmitOptions &Opts) {
  std::ostringstream Blocks;
  Blocks << synthesizedFakes(L);
  for (const std::string &Ns : namespaces(L)) {
    Blocks << "TORCH_LIBRARY(" << Ns << ", m) {\n";
    Blocks << "  m.set_python_module(" << quote(L.fakeModuleName())
           << ");\n";
    for (const Op &O : L.Ops) {
      if (O.Schema.Namespace != Ns)
        continue;
      Blocks << "  // " << O.Schema.fullName() << " from " << O.Loc.str()
             << "\n";
      Blocks << "  m.def(" << quote(printSchemaWithoutNamespace(O.Schema));
      if (!O.Tags.empty()) {
        std::vector<std::string> Tags;
        for (const std::string &T : O.Tags)
          Tags.push_back("at::Tag::" + T);
        Blocks << ", {" << join(Tags, ", ") << "}";
      }
      Blocks << ");\n";
    }
    Blocks << "}\n";
    for (DispatchKey Key : {DispatchKey::CPU, DispatchKey::CUDA, DispatchKey::Meta,
                            DispatchKey::CompositeExplicitAutograd}) {
      std::ostringstream Impls;
      for (const Op &O : L.Ops) {
        if (O.Schema.Namespace != Ns)
          continue;
        for (const Kernel &K : O.Kernels)
          if (K.Key == Key)
            Impls << "  m.impl(" << quote(nameInLibrary(O.Schema))
                  << ", TORCH_FN(opgen_generated::" << wrapperName(O, K)
                  << "));\n";
        if (Key == DispatchKey::Meta && O.Fake == FakeKind::Synthesized)
          Impls << "  m.impl(" << quote(nameInLibrary(O.Schema))
                << ", TORCH_FN(opgen_generated::" << opIdentifier(O.Schema)
                << "__Meta));\n";
      }
      if (Impls.str().empty())
        continue;
      Blocks << "\nTORCH_LIBRARY_IMPL(" << Ns << ", " << dispatchKeyName(Key)
             << ", m) {\n"
             << Impls.str() << "}\n";
    }
    std::ostringstream Autograd;
    for (const Op &O : L.Ops)
      if (O.Schema.Namespace == Ns && hasAutogradKernel(O))
        Autograd << "  m.impl(" << quote(nameInLibrary(O.Schema))
                 << ", TORCH_FN(opgen_generated::"
                 << autogradWrapperName(O.Schema) << "));\n";
    if (!Autograd.str().empty())
      Blocks << "\nTORCH_LIBRARY_IMPL(" << Ns << ", Autograd, m) {\n"
             << Autograd.str() << "}\n";
    Blocks << "\n";
  }
  bool Synthesized = false;
  for (const Op &O : L.Ops)
    Synthesized = Synthesized || O.Fake == FakeKind::Synthesized;
  return renderTemplate("registration.cpp",
                        {{"sources", sourcesDoc(L, Opts)},
                         {"fake_includes",
                          Synthesized ? "#include <ATen/ops/empty.h>\n"
                                        "#include <ATen/ops/empty_like.h>\n"
                                        "#include <opgen/runtime.h>\n"
                                      : ""},
                         {"blocks", Blocks.str()}});
}

std::string wrapperDeclaration(const Op &O, const Kernel &K) {
  return "// " + provenance(O, K) + "\n" + kernelSignature(O.Schema, wrapperName(O, K)) +
         ";\n";
}

/// The declarations header of the wrappers in \p Source's shard: included
/// by that shard and by `opgen_kernels.h`, so that an op added to one source
/// recompiles its shard and the registration, not every shard.
std::string emitShardDeclarations(const OpLibrary &L, const std::string &Source,
                                  const EmitOptions &Opts) {
  std::ostringstream Decls;
  for (const Op &O : L.Ops)
    for (const Kernel &K : O.Kernels)
      if (K.HostSource == Source)
        Decls << wrapperDeclaration(O, K);
  std::string Shard = shardPath(Source);
  return renderTemplate(
      "declarations.h",
      {{"sources", displayPath(Source, Opts.Root)},
       {"about", "// The wrappers defined in " + Shard + ", the shard of " +
                     displayPath(Source, Opts.Root) +
                     ". Each takes the\n// dispatcher's C++ types for its "
                     "schema and calls an annotated function."},
       {"includes", ""},
       {"declarations", Decls.str()}});
}

/// The declarations of the Autograd kernels in autograd.cpp.
std::string emitAutogradDeclarations(const OpLibrary &L, const EmitOptions &Opts) {
  std::ostringstream Decls;
  for (const Op &O : L.Ops)
    if (hasAutogradKernel(O))
      Decls << "// " << O.Schema.fullName() << " (Autograd), in autograd.cpp\n"
            << kernelSignature(O.Schema, autogradWrapperName(O.Schema)) << ";\n";
  return renderTemplate("declarations.h",
                        {{"sources", sourcesDoc(L, Opts)},
                         {"about", "// The Autograd kernels defined in autograd.cpp."},
                         {"includes", ""},
                         {"declarations", Decls.str()}});
}

/// Every wrapper registration.cpp registers: the shards' declarations
/// headers, the Autograd kernels, and (declared here) wrappers of functions
/// seen only from a header input, which no shard hosts.
std::string emitKernelDeclarations(const OpLibrary &L, const EmitOptions &Opts) {
  std::ostringstream Includes, Decls;
  Includes << "\n";
  for (const std::string &Source : L.Sources)
    if (std::string Shard = shardPath(Source); !Shard.empty())
      Includes << "#include \"" << Shard << ".h\"\n";
  Includes << "#include \"autograd.h\"\n";
  for (const Op &O : L.Ops)
    for (const Kernel &K : O.Kernels)
      if (shardPath(K.HostSource).empty())
        Decls << wrapperDeclaration(O, K);
  return renderTemplate(
      "declarations.h",
      {{"sources", sourcesDoc(L, Opts)},
       {"about", "// Every wrapper registered as a kernel: the shards' wrappers, "
                 "each declared in\n// the header beside its shard, and the "
                 "Autograd kernels."},
       {"includes", Includes.str()},
       {"declarations", Decls.str()}});
}

/// Checks that every tensor argument is on one CUDA device (the message
/// names the op and the argument) and makes that device current.
std::string cudaDeviceGuard(const OpSchema &S) {
  std::vector<std::string> Tensors;
  for (const Argument &A : S.Arguments)
    if (A.Ty.isTensorLike())
      Tensors.push_back("{" + quote(A.Name) + ", " + A.Name + "}");
  if (Tensors.empty())
    return "";
  return "  const c10::cuda::OptionalCUDAGuard device_guard(\n"
         "      opgen::rt::common_cuda_device(" +
         quote(S.fullName()) + ", {" + join(Tensors, ", ") + "}));\n";
}

std::string emitShard(const OpLibrary &L, const std::string &Source,
                      const EmitOptions &Opts) {
  std::ostringstream Wrappers;
  bool NeedsCuda = false;
  for (const Op &O : L.Ops) {
    for (const Kernel &K : O.Kernels) {
      if (K.HostSource != Source)
        continue;
      std::vector<std::string> Args;
      for (size_t I = 0; I < O.Schema.Arguments.size(); ++I)
        Args.push_back(convertArgument(O.Schema.Arguments[I], K.Params[I]));
      std::string Call = K.Callee + "(" + join(Args, ", ") + ")";
      Wrappers << "// " << provenance(O, K) << "\n"
               << kernelSignature(O.Schema, wrapperName(O, K)) << " {\n";
      if (K.Key == DispatchKey::CUDA) {
        NeedsCuda = true;
        Wrappers << cudaDeviceGuard(O.Schema);
      }
      Wrappers << "  " << (O.Schema.Returns.empty() ? "" : "return ") << Call
               << ";\n"
               << "}\n\n";
    }
  }
  std::string ShardDir = Opts.OutputDir + "/shards";
  std::string Shard = shardPath(Source);
  return renderTemplate("shard.cpp",
                        {{"source", displayPath(Source, Opts.Root)},
                         {"declarations_header",
                          Shard.substr(Shard.find('/') + 1) + ".h"},
                         {"include_path", relativePath(ShardDir, Source)},
                         {"runtime_includes",
                          NeedsCuda ? "#include <opgen/runtime.h>\n"
                                      "#include <opgen/runtime_cuda.h>"
                                    : "#include <opgen/runtime.h>"},
                         {"wrappers", Wrappers.str()}});
}

std::string emitOpsHeader(const OpLibrary &L, const EmitOptions &Opts) {
  std::ostringstream Out;
  for (const std::string &Ns : namespaces(L)) {
    Out << "namespace " << Ns << "::ops {\n\n";
    for (const Op &O : L.Ops) {
      if (O.Schema.Namespace != Ns)
        continue;
      std::string Fn = O.Schema.Overload.empty()
                           ? O.Schema.Name
                           : O.Schema.Name + "_" + O.Schema.Overload;
      std::vector<std::string> Names;
      for (const Argument &A : O.Schema.Arguments)
        Names.push_back(A.Name);
      std::string Ret = cppReturnType(O.Schema);
      Out << "/// `" << printSchema(O.Schema) << "` (" << O.Loc.str() << ")\n"
          << "inline " << Ret << " " << Fn << "("
          << cppParameterList(O.Schema, true) << ") {\n"
          << "  static auto op = c10::Dispatcher::singleton()\n"
          << "      .findSchemaOrThrow(" << quote(O.Schema.qualifiedName())
          << ", " << quote(O.Schema.Overload) << ")\n"
          << "      .typed<" << Ret << "("
          << cppParameterList(O.Schema, false) << ")>();\n"
          << "  return op.call(" << join(Names, ", ") << ");\n"
          << "}\n\n";
    }
    Out << "} // namespace " << Ns << "::ops\n";
  }
  return renderTemplate("ops.h",
                        {{"sources", sourcesDoc(L, Opts)}, {"namespaces", Out.str()}});
}

//===----------------------------------------------------------------------===//
// Python: type hints and literals
//===----------------------------------------------------------------------===//

std::string pyElementType(BaseType B) {
  switch (B) {
  case BaseType::Tensor:
    return "torch.Tensor";
  case BaseType::Int:
    return "int";
  case BaseType::SymInt:
    return "Union[int, torch.SymInt]";
  case BaseType::Float:
    return "float";
  case BaseType::Bool:
    return "bool";
  case BaseType::Str:
    return "str";
  case BaseType::Scalar:
    return "Union[int, float, bool]";
  case BaseType::ScalarType:
    return "torch.dtype";
  case BaseType::Layout:
    return "torch.layout";
  case BaseType::MemoryFormat:
    return "torch.memory_format";
  case BaseType::Device:
    return "Union[torch.device, str]";
  case BaseType::Generator:
    return "torch.Generator";
  }
  return "object";
}

std::string pyType(const Type &T, bool IsReturn) {
  std::string Elem = pyElementType(T.Base);
  if (T.ElementOptional)
    Elem = "Optional[" + Elem + "]";
  if (T.IsList)
    Elem = (IsReturn ? "List[" : "Sequence[") + Elem + "]";
  return T.Optional ? "Optional[" + Elem + "]" : Elem;
}

std::string pyReturnType(const OpSchema &S) {
  if (S.Returns.empty())
    return "None";
  if (S.Returns.size() == 1)
    return pyType(S.Returns.front().Ty, true);
  std::vector<std::string> Elems;
  for (const Return &R : S.Returns)
    Elems.push_back(pyType(R.Ty, true));
  return "Tuple[" + join(Elems, ", ") + "]";
}

std::string pyFloat(double D) {
  if (std::isinf(D))
    return D > 0 ? "float(\"inf\")" : "float(\"-inf\")";
  if (std::isnan(D))
    return "float(\"nan\")";
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%.17g", D);
  // Shortest form that reads back exactly, like Python's repr.
  for (int Precision = 1; Precision <= 17; ++Precision) {
    char Short[64];
    std::snprintf(Short, sizeof(Short), "%.*g", Precision, D);
    if (std::strtod(Short, nullptr) == D) {
      std::snprintf(Buf, sizeof(Buf), "%s", Short);
      break;
    }
  }
  std::string Out = Buf;
  if (Out.find_first_of(".en") == std::string::npos)
    Out += ".0";
  return Out;
}

std::string pyDefault(const DefaultValue &V) {
  struct Visitor {
    std::string operator()(std::monostate) const { return "None"; }
    std::string operator()(bool B) const { return B ? "True" : "False"; }
    std::string operator()(int64_t I) const { return std::to_string(I); }
    std::string operator()(double D) const { return pyFloat(D); }
    std::string operator()(const std::string &S) const { return quote(S); }
    std::string operator()(const DefaultValue::IntList &L) const {
      std::vector<std::string> Items;
      for (int64_t I : L)
        Items.push_back(std::to_string(I));
      return "[" + join(Items, ", ") + "]";
    }
    std::string operator()(const DefaultValue::FloatList &L) const {
      std::vector<std::string> Items;
      for (double D : L)
        Items.push_back(pyFloat(D));
      return "[" + join(Items, ", ") + "]";
    }
    std::string operator()(const DefaultValue::BoolList &L) const {
      std::vector<std::string> Items;
      for (bool B : L)
        Items.push_back(B ? "True" : "False");
      return "[" + join(Items, ", ") + "]";
    }
  };
  return std::visit(Visitor{}, V.Value);
}

const std::set<std::string> &pythonKeywords() {
  static const std::set<std::string> Keywords = {
      "False", "None",   "True",    "and",      "as",       "assert", "async",
      "await", "break",  "class",   "continue", "def",      "del",    "elif",
      "else",  "except", "finally", "for",      "from",     "global", "if",
      "import", "in",    "is",      "lambda",   "nonlocal", "not",    "or",
      "pass",  "raise",  "return",  "try",      "while",    "with",   "yield"};
  return Keywords;
}

std::string pyIdentifier(std::string Name) {
  return pythonKeywords().count(Name) ? Name + "_" : Name;
}

/// The Python function name of an op in `<package>.ops`.
std::string pyFunctionName(const OpLibrary &L, const OpSchema &S) {
  std::string Name = namespaces(L).size() > 1 ? S.Namespace + "_" + S.Name : S.Name;
  if (!S.Overload.empty())
    Name += "_" + S.Overload;
  return pyIdentifier(Name);
}

/// A Python parameter list of \p S, each argument formatted by \p Format,
/// with the `*` before the first keyword-only one.
template <class F>
std::string pyParameterList(const OpSchema &S, F &&Format) {
  std::vector<std::string> Params;
  bool StarDone = false;
  for (const Argument &A : S.Arguments) {
    if (A.KwargOnly && !StarDone) {
      Params.push_back("*");
      StarDone = true;
    }
    Params.push_back(Format(A));
  }
  return join(Params, ", ");
}

/// `pic: torch.Tensor, box: Sequence[int], *, out: torch.Tensor`.
std::string pyParameters(const OpSchema &S) {
  return pyParameterList(S, [](const Argument &A) {
    std::string P = pyIdentifier(A.Name) + ": " + pyType(A.Ty, false);
    if (A.Default)
      P += " = " + pyDefault(*A.Default);
    return P;
  });
}

/// Python parameter names of \p S: `pic, box, *, out`.
std::string pyParameterNames(const OpSchema &S) {
  return pyParameterList(S, [](const Argument &A) { return pyIdentifier(A.Name); });
}

std::string pyCallArguments(const OpSchema &S) {
  std::vector<std::string> Args;
  std::vector<std::string> KeywordOnlyKeywords;
  for (const Argument &A : S.Arguments) {
    if (!A.KwargOnly)
      Args.push_back(pyIdentifier(A.Name));
    else if (pythonKeywords().count(A.Name))
      // `from=` is a syntax error; pass such names through a dict.
      KeywordOnlyKeywords.push_back(quote(A.Name) + ": " + pyIdentifier(A.Name));
    else
      Args.push_back(A.Name + "=" + A.Name);
  }
  if (!KeywordOnlyKeywords.empty())
    Args.push_back("**{" + join(KeywordOnlyKeywords, ", ") + "}");
  return join(Args, ", ");
}

std::string kernelsDoc(const Op &O) {
  std::vector<std::string> Items;
  for (const Kernel &K : O.Kernels)
    Items.push_back(std::string(dispatchKeyName(K.Key)) + " (" + K.Loc.str() +
                    ")");
  return join(Items, ", ");
}

std::string overloadExpr(const OpSchema &S) {
  return "torch.ops." + S.Namespace + "." + S.Name + "." +
         (S.Overload.empty() ? "default" : S.Overload);
}

std::string namespacesDoc(const OpLibrary &L) {
  std::set<std::string> Set = namespaces(L);
  std::vector<std::string> Names(Set.begin(), Set.end());
  return join(Names, ", torch.ops.");
}

//===----------------------------------------------------------------------===//
// Python files
//===----------------------------------------------------------------------===//

std::string emitPythonInit(const OpLibrary &L, const EmitOptions &Opts) {
  std::vector<std::string> Names;
  for (const Op &O : L.Ops)
    Names.push_back(O.Schema.fullName());
  std::string Env = "OPGEN_" + L.PythonPackage + "_LIBRARY";
  for (char &C : Env)
    C = static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
  return renderTemplate("__init__.py",
                        {{"sources", sourcesDoc(L, Opts)},
                         {"package", L.PythonPackage},
                         {"op_names", Names.empty() ? "no ops" : join(Names, ", ")},
                         {"namespaces_doc", namespacesDoc(L)},
                         {"library", L.LibraryName},
                         {"fake_module", L.Fakes ? L.Fakes->Name : "fakes"},
                         {"library_env", Env}});
}

/// A register_fake skeleton for an op nobody wrote a fake for: it raises an
/// error that names the op and the two ways to give it a fake.
std::string fakeSkeleton(const Op &O) {
  std::string Name = O.Schema.fullName();
  std::ostringstream Out;
  Out << "\n\n@torch.library.register_fake(" << quote(Name) << ")\n"
      << "def _" << opIdentifier(O.Schema) << "_fake(" << pyParameterNames(O.Schema)
      << "):\n"
      << "    # TODO: return empty tensors with the shapes, dtypes and devices of\n"
      << "    # " << Name << "'s outputs, computed from the inputs' metadata only\n"
      << "    # (e.g. x.new_empty(...)); see docs/fakes.md.\n"
      << "    raise NotImplementedError(\n"
      << "        " << quote(Name + " has no fake kernel, so it cannot run under "
                               "FakeTensor, torch.compile or torch.export. Write one "
                               "with [[custom_op_fake(\"" + Name +
                               "\")]] in C++, or with "
                               "torch.library.register_fake in the module passed "
                               "as FAKE_MODULE to add_custom_op (opgen "
                               "--fake-module).")
      << ")\n";
  return Out.str();
}

std::string emitPythonFakes(const OpLibrary &L, const EmitOptions &Opts) {
  std::string Skeletons;
  for (const Op &O : L.Ops)
    if (!O.hasFake())
      Skeletons += fakeSkeleton(O);
  if (L.Fakes)
    return renderTemplate("fake_module.py",
                          {{"origin", L.Fakes->DisplayPath},
                           {"text", L.Fakes->Text},
                           {"fakes", Skeletons}});
  return renderTemplate("fakes.py", {{"sources", sourcesDoc(L, Opts)},
                                     {"package", L.PythonPackage},
                                     {"fakes", Skeletons}});
}

std::string emitPythonOps(const OpLibrary &L, const EmitOptions &Opts) {
  std::vector<std::string> All;
  std::ostringstream Fns;
  for (const Op &O : L.Ops) {
    std::string Name = pyFunctionName(L, O.Schema);
    All.push_back(quote(Name));
    Fns << "\n\ndef " << Name << "(" << pyParameters(O.Schema) << ") -> "
        << pyReturnType(O.Schema) << ":\n"
        << "    \"\"\"``" << printSchema(O.Schema) << "``\n\n"
        << "    Kernels: " << kernelsDoc(O) << ".\n"
        << "    \"\"\"\n"
        << "    return " << overloadExpr(O.Schema) << "("
        << pyCallArguments(O.Schema) << ")\n";
  }
  return renderTemplate("ops.py", {{"sources", sourcesDoc(L, Opts)},
                                   {"package", L.PythonPackage},
                                   {"all", join(All, ", ")},
                                   {"functions", Fns.str()}});
}

std::string emitPyi(const OpLibrary &L, const EmitOptions &Opts) {
  std::ostringstream Fns, Packets;
  for (const Op &O : L.Ops)
    Fns << "def " << pyFunctionName(L, O.Schema) << "("
        << pyParameters(O.Schema) << ") -> " << pyReturnType(O.Schema)
        << ": ...\n";
  for (const std::string &Ns : namespaces(L)) {
    std::map<std::string, std::vector<const Op *>> Packet;
    for (const Op &O : L.Ops)
      if (O.Schema.Namespace == Ns)
        Packet[O.Schema.Name].push_back(&O);
    for (const auto &[Name, Overloads] : Packet) {
      Packets << "\nclass _" << Ns << "_" << Name << "_packet:\n";
      for (const Op *O : Overloads) {
        Packets << "    " << (O->Schema.Overload.empty() ? "default" : O->Schema.Overload)
                << ": torch._ops.OpOverload  # " << printSchema(O->Schema) << "\n";
      }
      const OpSchema &Default = Overloads.front()->Schema;
      Packets << "    def __call__(self, " << pyParameters(Default) << ") -> "
              << pyReturnType(Default) << ": ...\n";
    }
    Packets << "\nclass _" << Ns << "_namespace:\n";
    for (const auto &[Name, Overloads] : Packet)
      Packets << "    " << Name << ": _" << Ns << "_" << Name << "_packet\n";
    Packets << "\n# torch.ops." << Ns << "\n" << Ns << ": _" << Ns << "_namespace\n";
  }
  return renderTemplate("ops.pyi", {{"sources", sourcesDoc(L, Opts)},
                                    {"package", L.PythonPackage},
                                    {"namespaces_doc", namespacesDoc(L)},
                                    {"functions", Fns.str()},
                                    {"packets", Packets.str()}});
}

std::vector<std::string> pyStrings(const std::vector<std::string> &Items) {
  std::vector<std::string> Out;
  for (const std::string &Item : Items)
    Out.push_back(quote(Item));
  return Out;
}

std::vector<std::string> pyDevices(const Op &O) {
  std::set<std::string> Devices;
  for (const Kernel &K : O.Kernels) {
    if (K.Key == DispatchKey::CPU || K.Key == DispatchKey::CompositeExplicitAutograd)
      Devices.insert("cpu");
    if (K.Key == DispatchKey::CUDA || K.Key == DispatchKey::CompositeExplicitAutograd)
      Devices.insert("cuda");
  }
  std::vector<std::string> Out;
  for (const std::string &D : Devices)
    Out.push_back(quote(D));
  return Out;
}

/// A return that aliases an input (`-> Tensor(a!)`): torch 2.11's
/// auto-functionalization, and so AOT dispatch, compile and export, reject it.
bool aliasedReturn(const OpSchema &S) {
  for (const Return &R : S.Returns)
    if (R.Ty.alias())
      return true;
  return false;
}

std::string emitTests(const OpLibrary &L, const EmitOptions &Opts) {
  std::ostringstream Ops;
  for (const Op &O : L.Ops) {
    std::vector<std::string> Args;
    for (const Argument &A : O.Schema.Arguments)
      Args.push_back("(" + quote(A.Name) + ", " + quote(printType(A.Ty)) + ", " +
                     (A.Default ? "True" : "False") + ", " +
                     (A.KwargOnly ? "True" : "False") + ", " +
                     (isMutated(A) ? "True" : "False") + ")");
    Ops << "    {\n"
        << "        \"name\": " << quote(O.Schema.qualifiedName()) << ",\n"
        << "        \"overload\": " << quote(O.Schema.Overload) << ",\n"
        << "        \"schema\": " << quote(printSchema(O.Schema)) << ",\n"
        << "        \"devices\": [" << join(pyDevices(O), ", ") << "],\n"
        << "        \"tags\": [" << join(pyStrings(O.Tags), ", ") << "],\n"
        << "        \"has_fake\": " << (O.hasFake() ? "True" : "False") << ",\n"
        << "        \"aliased_return\": " << (aliasedReturn(O.Schema) ? "True" : "False")
        << ",\n"
        << "        \"has_autograd\": " << (O.Autograd ? "True" : "False") << ",\n"
        << "        \"backward_of\": " << (O.BackwardOf.empty() ? "None" : quote(O.BackwardOf))
        << ",\n"
        << "        \"arguments\": [\n";
    for (const std::string &A : Args)
      Ops << "            " << A << ",\n";
    Ops << "        ],\n"
        << "    },\n";
  }
  return renderTemplate(
      "test_ops.py",
      {{"sources", sourcesDoc(L, Opts)},
       {"package", L.PythonPackage},
       {"samples_doc", L.SamplesPath.empty() ? "no samples module" : L.SamplesPath},
       {"samples_path", L.SamplesPath.empty() ? "None" : quote(L.SamplesPath)},
       {"ops", Ops.str()}});
}

std::string emitCMakeLists(const OpLibrary &L, const EmitOptions &Opts) {
  std::vector<std::string> Shards;
  bool HasCuda = false;
  for (const std::string &Source : L.Sources) {
    std::string Shard = shardPath(Source);
    if (Shard.empty())
      continue;
    Shards.push_back(Shard);
    HasCuda = HasCuda || classifySource(Shard)->Cuda;
  }
  return renderTemplate(
      "CMakeLists.txt",
      {{"sources", sourcesDoc(L, Opts)},
       {"package", L.PythonPackage},
       {"library", L.LibraryName},
       {"languages", HasCuda ? "C CXX CUDA" : "C CXX"},
       {"shards", join(Shards, "\n")},
       {"runtime_include", relativePath(Opts.OutputDir, Opts.RuntimeIncludeDir)}});
}

std::string emitManifest(const OpLibrary &L, const std::vector<std::string> &Files) {
  std::ostringstream Out;
  Out << "{\n  \"generator\": \"opgen\",\n  \"package\": " << quote(L.PythonPackage)
      << ",\n  \"library\": " << quote(L.LibraryName) << ",\n  \"ops\": [";
  for (size_t I = 0; I < L.Ops.size(); ++I) {
    const Op &O = L.Ops[I];
    Out << (I ? "," : "") << "\n    {\n"
        << "      \"name\": " << quote(O.Schema.qualifiedName()) << ",\n"
        << "      \"overload\": " << quote(O.Schema.Overload) << ",\n"
        << "      \"schema\": " << quote(printSchema(O.Schema)) << ",\n"
        << "      \"tags\": [";
    for (size_t T = 0; T < O.Tags.size(); ++T)
      Out << (T ? ", " : "") << quote(O.Tags[T]);
    Out << "],\n      \"kernels\": {";
    for (size_t K = 0; K < O.Kernels.size(); ++K)
      Out << (K ? ", " : "") << quote(std::string(dispatchKeyName(O.Kernels[K].Key)))
          << ": " << quote(O.Kernels[K].Loc.str());
    Out << "},\n      \"fake\": ";
    if (O.hasFake())
      Out << "{\"kind\": " << quote(std::string(enumName(O.Fake))) << ", \"where\": "
          << quote(O.FakeWhere) << "}";
    else
      Out << "null";
    Out << ",\n      \"autograd\": ";
    if (O.Autograd)
      Out << "{\"backward\": " << quote(O.Autograd->Backward.fullName())
          << ", \"where\": " << quote(O.Autograd->Loc.str()) << "}";
    else if (!O.BackwardOf.empty())
      Out << "{\"backward_of\": " << quote(O.BackwardOf) << "}";
    else
      Out << "null";
    Out << "\n    }";
  }
  Out << (L.Ops.empty() ? "" : "\n  ") << "],\n  \"files\": [";
  for (size_t I = 0; I < Files.size(); ++I)
    Out << (I ? ", " : "") << "\n    " << quote(Files[I]);
  Out << "\n  ]\n}\n";
  return Out.str();
}

} // namespace

std::string shardPath(const std::string &Source) {
  std::optional<SourceKind> Kind = classifySource(Source);
  if (!Kind || !Kind->Compiled)
    return "";
  return "shards/" + Source.substr(Source.find_last_of('/') + 1);
}

FileSet emitAll(const OpLibrary &L, const EmitOptions &Opts) {
  FileSet Files;
  const std::string Py = "python/" + L.PythonPackage + "/";
  Files["registration.cpp"] = emitRegistration(L, Opts);
  Files["autograd.cpp"] = emitAutograd(L, Opts);
  Files["CMakeLists.txt"] = emitCMakeLists(L, Opts);
  Files["opgen_kernels.h"] = emitKernelDeclarations(L, Opts);
  Files["autograd.h"] = emitAutogradDeclarations(L, Opts);
  Files["include/" + L.PythonPackage + "/ops.h"] = emitOpsHeader(L, Opts);
  Files[Py + "__init__.py"] = emitPythonInit(L, Opts);
  Files[Py + (L.Fakes ? L.Fakes->Name : "fakes") + ".py"] =
      emitPythonFakes(L, Opts);
  Files[Py + "ops.py"] = emitPythonOps(L, Opts);
  Files[Py + "ops.pyi"] = emitPyi(L, Opts);
  Files["tests/test_" + L.PythonPackage + "_ops.py"] = emitTests(L, Opts);
  for (const std::string &Source : L.Sources) {
    std::string Shard = shardPath(Source);
    if (!Shard.empty()) {
      Files[Shard] = emitShard(L, Source, Opts);
      Files[Shard + ".h"] = emitShardDeclarations(L, Source, Opts);
    }
  }
  std::vector<std::string> Names;
  for (const auto &[Name, Text] : Files)
    Names.push_back(Name);
  Names.push_back("manifest.json");
  std::sort(Names.begin(), Names.end());
  Files["manifest.json"] = emitManifest(L, Names);
  return Files;
}

} // namespace opgen
