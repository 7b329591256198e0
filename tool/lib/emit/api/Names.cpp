//===- Names.cpp - Names and literals shared by the emitters -------------===//
#include "emit/api/Names.h"
#include "emit/api/CppTypes.h"
#include "opgen/support/Quote.h"

#include <algorithm>
#include <cstdio>

namespace opgen {

std::string quote(const std::string &S) {
  return quoteString(S, QuoteStyle::Literal);
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

const OpSchema &wrapperSchema(const Op &O, const Kernel &K) {
  return K.WrapperSchema ? *K.WrapperSchema : O.Schema;
}

bool wrapperNeedsAdapter(const Op &O, const Kernel &K) {
  return cppSignature(wrapperSchema(O, K)).functionType() !=
         cppSignature(O.Schema).functionType();
}

std::string registeredWrapperName(const Op &O, const Kernel &K) {
  return wrapperName(O, K) + (wrapperNeedsAdapter(O, K) ? "__adapted" : "");
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

std::vector<std::string> quoteAll(const std::vector<std::string> &Items) {
  std::vector<std::string> Out;
  for (const std::string &Item : Items)
    Out.push_back(quote(Item));
  return Out;
}

std::string autogradWrapperName(const OpSchema &S) {
  return opIdentifier(S) + "__Autograd";
}

bool needsInplaceOrView(const OpSchema &S) {
  return std::any_of(S.Arguments.begin(), S.Arguments.end(),
                     [](const Argument &A) { return A.Ty.alias() != nullptr; });
}

std::vector<std::string> argumentNames(const OpSchema &S) {
  std::vector<std::string> Names;
  for (const Argument &A : S.Arguments)
    Names.push_back(A.Name);
  return Names;
}

std::string provenance(const Op &O, const Kernel &K) {
  return O.Schema.fullName() + " (" + std::string(dispatchKeyName(K.Key)) +
         ") from " + K.Loc.str();
}

std::string doubleBackwardMessage(const Op &O) {
  const std::string Name = O.Schema.fullName();
  return Name + " (the backward of " + O.BackwardOf + ") has no backward, so " +
         O.BackwardOf + " cannot be differentiated twice; write one with "
         "[[custom_op_backward(\"" + Name + "\")]]";
}

std::string noBackwardMessage(const Op &O) {
  const std::string Name = O.Schema.fullName();
  return Name + " has no backward, so it cannot be differentiated; write one "
                "with [[custom_op_backward(\"" + Name + "\")]], or call it on "
                "tensors that do not require grad (or under torch.no_grad())";
}

std::vector<std::string> nonDifferentiableOutputs(const Op &O) {
  std::vector<std::string> Out;
  const std::vector<bool> &Differentiable = O.Autograd->Differentiable;
  for (size_t I = 0; I < Differentiable.size(); ++I)
    if (!Differentiable[I])
      Out.push_back("outputs[" + std::to_string(I) + "]");
  return Out;
}

std::vector<ArgumentGradient> argumentGradients(const Op &O) {
  const AutogradInfo &A = *O.Autograd;
  const auto &Returns = A.Backward.Returns;
  bool List = Returns.size() == 1 && Returns[0].Ty.IsList;
  std::vector<ArgumentGradient> Out;
  for (size_t I = 0; I < O.Schema.Arguments.size(); ++I) {
    ArgumentGradient G;
    auto It = std::find(A.GradInputs.begin(), A.GradInputs.end(), I);
    if (It != A.GradInputs.end()) {
      G.Position = It - A.GradInputs.begin();
      G.Source = List                  ? ArgumentGradient::From::List
                 : Returns.size() == 1 ? ArgumentGradient::From::Whole
                                       : ArgumentGradient::From::Tuple;
      G.Optional = O.Schema.Arguments[I].Ty.Optional;
    }
    Out.push_back(G);
  }
  return Out;
}

} // namespace opgen
