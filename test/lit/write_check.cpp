// The write phase: a repeated run is byte-identical and rewrites nothing,
// --check reports a stale or missing file and exits 1 without writing, and
// files an earlier run generated but this one does not are removed.
// RUN: rm -rf %t && mkdir -p %t/src && cp %s %t/src/a.cpp && sed "s/w::id/w::id2/" %s > %t/src/b.cpp
// RUN: opgen %t/src/a.cpp %t/src/b.cpp -o %t/out --python-package w
// RUN: cp -r %t/out %t/first && touch -d '2000-01-01' %t/out/registration.cpp
// RUN: opgen %t/src/a.cpp %t/src/b.cpp -o %t/out --python-package w
// RUN: diff -r %t/first %t/out
// RUN: %python -c "import os, sys; sys.exit(os.path.getmtime(sys.argv[1]) > 1e9)" %t/out/registration.cpp
// RUN: opgen --check %t/src/a.cpp %t/src/b.cpp -o %t/out --python-package w
// RUN: echo "// edited" >> %t/out/registration.cpp
// RUN: not opgen --check %t/src/a.cpp %t/src/b.cpp -o %t/out --python-package w 2>&1 | FileCheck %s --check-prefix=STALE
// RUN: tail -1 %t/out/registration.cpp | grep -q edited
// STALE: error: '{{.*}}registration.cpp' is out of date
// STALE: note: hint: re-run opgen without --check
// RUN: opgen %t/src/a.cpp -o %t/out --python-package w
// RUN: test ! -e %t/out/shards/b.cpp && test -e %t/out/shards/a.cpp
// RUN: grep -q "shards/a.cpp" %t/out/manifest.json && not grep -q "shards/b.cpp" %t/out/manifest.json
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

[[custom_op("w::id")]]
static at::Tensor id(const at::Tensor &x) { return x.clone(); }
