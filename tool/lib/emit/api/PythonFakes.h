//===- PythonFakes.h - Synthesised fakes as Python -------------*- C++ -*-===//
///
/// \file
/// The facts opgen read from a kernel's allocations (`FakeOutput`,
/// `FakeExpr`) spelled as Python over the op's parameters: the fakes of a
/// stable-ABI library, per-device fakes of either flavour, and what the
/// generated tests expect of each device's kernel. One spelling for all
/// three, and one answer to whether Python can spell a fact at all (the
/// check phase asks it before it promises a fake).
//===----------------------------------------------------------------------===//
#ifndef OPGEN_EMIT_API_PYTHONFAKES_H
#define OPGEN_EMIT_API_PYTHONFAKES_H

#include "opgen/model/Model.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace opgen {

/// The outputs \p Outs as one Python expression: the single output, a
/// parenthesised tuple (one item a line, indented by \p Indent, when it is
/// given), or `None` for none. An error, whose message is the C++ constant,
/// when \p Outs hold one that Python cannot spell, such as `-1LL` or an
/// unknown memory format (`check/Fakes` asks before it promises such a fake).
llvm::Expected<std::string> pyFakeValue(const std::vector<FakeOutput> &Outs,
                                        const std::string &Indent = "");

/// `at::empty at k.cpp:7; returns out`: where each output comes from, for
/// the comment above a fake.
std::string fakeOrigins(const std::vector<FakeOutput> &Outs);

} // namespace opgen

#endif // OPGEN_EMIT_API_PYTHONFAKES_H
