// --Werror (docs/cli.md): opgen's warnings become errors, printed as
// `error:` with their id; the run fails and writes nothing, in a whole run
// and in --combine (where the check phase's warnings are reported) alike.
//
// Without it: a warning, and the output is written.
// RUN: rm -rf %t && mkdir -p %t
// RUN: opgen %s -o %t/out --python-package w 2> %t/warn.err
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t/warn.err
// RUN: test -f %t/out/manifest.json && cp -r %t/out %t/before
//
// With it: the same diagnostic as an error, exit 1, and the previous output
// untouched; a fresh directory is not created.
// RUN: not opgen --Werror %s -o %t/out --python-package w 2> %t/err.err
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t/err.err
// RUN: diff -r %t/before %t/out
// RUN: not opgen --Werror %s -o %t/fresh --python-package w 2> /dev/null
// RUN: not test -e %t/fresh
//
// Discovery and combine: the record carries no diagnostics, the combine
// reports the warning as an error and writes nothing.
// RUN: opgen --Werror --discover %s -o %t/rec.json
// RUN: not opgen --Werror --combine %t/rec.json -o %t/combined --python-package w 2> %t/combine.err
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t/combine.err
// RUN: not test -e %t/combined
//
// Errors stay errors, notes stay notes.
// WARN: werror.cpp:[[@LINE+9]]:{{[0-9]+}}: warning: 'x' is taken by non-const reference but is not listed in 'mutates' [UnmarkedMutableTensor]
// WARN: note: hint: add mutates="x"
// ERR: werror.cpp:[[@LINE+7]]:{{[0-9]+}}: error: 'x' is taken by non-const reference but is not listed in 'mutates' [UnmarkedMutableTensor]
// ERR: note: hint: add mutates="x"
// ERR-NOT: warning:
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

[[custom_op("w::scale")]] at::Tensor scale(at::Tensor& x, double alpha);
