//===- Registry.cpp - Every annotation key's check, in order --------------===//
#include "check/keys/Keys.h"

namespace opgen {
namespace check {

namespace {

using K = AnnotationKey;

/// The steps of an op's annotation. `args` renames arguments before any
/// other key names them. `aliases` gives its alias sets after the
/// written ones, and a reference return takes the mutated argument's set
/// before `aliases` is read.
constexpr OpStep OpSteps[] = {
    {K::Args, &checkArgs},
    {std::nullopt, nullptr, &checkArgumentNames},
    {K::Mutates, &checkMutates},
    {std::nullopt, nullptr, &assignWriteAliasSets},
    {std::nullopt, nullptr, &aliasReferenceReturns},
    {K::Aliases, &checkAliases},
    {K::Returns, &checkReturns},
    {K::Kwonly, &checkKwonly},
    {K::Symint, &checkSymint},
    {K::Tags, &checkTags},
    {std::nullopt, nullptr, &assignDefaultDevice},
    {K::Device, &checkDevice},
    {K::Autocast, &checkAutocast},
    {K::AutocastDevices, &checkAutocastDevices},
};

constexpr NamingStep NamingSteps[] = {
    {K::Name, &checkName},
};

/// `grads` first: the gradient count `bind`'s errors would repeat needs it.
constexpr LinkStep LinkSteps[] = {
    {K::Grads, &checkGrads},
    {K::Bind, &checkBind},
};

/// How many steps check \p Key.
constexpr size_t checksOf(AnnotationKey Key) {
  size_t N = 0;
  for (const OpStep &S : OpSteps)
    N += S.Key && *S.Key == Key;
  for (const NamingStep &S : NamingSteps)
    N += S.Key == Key;
  for (const LinkStep &S : LinkSteps)
    N += S.Key == Key;
  return N;
}

constexpr bool everyKeyCheckedOnce() {
  for (AnnotationKey Key : enumValues<AnnotationKey>())
    if (checksOf(Key) != 1)
      return false;
  return true;
}

static_assert(everyKeyCheckedOnce(),
              "every key of OPGEN_ANNOTATION_KEY_NAMES needs exactly one "
              "check in keys/Registry.cpp (docs/design.md: a new annotation "
              "key)");

} // namespace

llvm::ArrayRef<OpStep> opSteps() { return OpSteps; }
llvm::ArrayRef<NamingStep> namingSteps() { return NamingSteps; }
llvm::ArrayRef<LinkStep> linkSteps() { return LinkSteps; }

} // namespace check
} // namespace opgen
