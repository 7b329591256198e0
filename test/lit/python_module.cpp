// --python-module names the author's own module of fakes; with
// --no-python-package opgen generates no package (the author's package
// loads the library). Which ops the author's module covers is decided when
// the generated skeletons module is imported, never by reading its text.
// RUN: rm -rf %t %t.pkg && opgen %s -o %t --python-package vision --python-module vision._meta_registrations --no-python-package 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=SKEL --input-file=%t/python/vision/_opgen_fakes.py
// RUN: FileCheck %s --check-prefix=TESTS --input-file=%t/tests/test_vision_ops.py
// RUN: FileCheck %s --check-prefix=STUB --input-file=%t/python/vision/ops.pyi
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: test ! -e %t/python/vision/__init__.py
// RUN: test ! -e %t/python/vision/ops.py
// RUN: test ! -e %t/python/vision/fakes.py
// RUN: test ! -e %t/python/vision/py.typed
//
// With the generated package, --python-module alone: set_python_module
// names the author's module; the package's fakes module imports it first.
// RUN: opgen %s -o %t.pkg --python-package vision --python-module vision._meta_registrations 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: grep -q 'm.set_python_module("vision._meta_registrations");' %t.pkg/registration.cpp
// RUN: FileCheck %s --check-prefix=SKEL --input-file=%t.pkg/python/vision/fakes.py
// RUN: grep -q 'from . import fakes' %t.pkg/python/vision/__init__.py
//
// --list-outputs (OPGEN_PACKAGE_OUTPUT rows left out) agrees with what was
// written.
// RUN: opgen --list-outputs --python-package vision --python-module vision._meta_registrations --no-python-package %s > %t.json
// RUN: %python %inputs/plan_outputs.py %t.json > %t.list
// RUN: FileCheck %s --check-prefix=LIST --input-file=%t.list
// RUN: %python %inputs/check_listed.py %t %t.json
//
// Misuse, from the catalogue.
// RUN: not opgen %s -o %t/bad --python-package vision --no-python-package 2>&1 | FileCheck %s --check-prefix=NOMODULE
// RUN: not opgen --list-outputs --python-package vision --no-python-package %s 2>&1 | FileCheck %s --check-prefix=NOMODULE
// RUN: not opgen %s -o %t/bad --python-module vision/_meta.py 2>&1 | FileCheck %s --check-prefix=BADNAME
// RUN: not opgen %s -o %t/bad --python-module vision.m --fake-module %inputs/pk_fakes.py 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: test ! -e %t/bad
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>
#include <ATen/ops/empty.h>

// opgen could synthesise this fake, but the author's module registers its
// own when it is imported, after the library: no Meta kernel here.
[[custom_op("vision::area")]]
at::Tensor area(const at::Tensor &boxes) {
  return at::empty({boxes.size(0)}, boxes.options());
}

[[custom_op("vision::flip")]]
at::Tensor flip(const at::Tensor &boxes, int64_t width);

[[custom_op("vision::clamp_", mutates="boxes")]]
void clamp_(at::Tensor &boxes, double hi);

// DIAG-NOT: no fake synthesised

// REG-NOT: Meta
// REG: TORCH_LIBRARY(vision, m) {
// REG-NEXT: m.set_python_module("vision._meta_registrations");
// REG-NOT: Meta

// SKEL: importlib.import_module("vision._meta_registrations")
// SKEL: def _opgen_has_fake(qualname):
// SKEL: entry.fake_impl.kernel is not None
// SKEL: _dispatch_has_kernel_for_dispatch_key(qualname, key)
// SKEL: for key in ("Meta", "CompositeImplicitAutograd"))
// SKEL: def _opgen_register_skeleton(qualname, fn):
// SKEL: if _opgen_has_fake(qualname):
// SKEL-NEXT: return
// SKEL-NEXT: fn._opgen_skeleton = True
// SKEL: def _vision_area_fake(boxes):
// SKEL: "vision::area has no fake kernel, {{.*}} or with torch.library.register_fake in vision._meta_registrations.")
// SKEL: _opgen_register_skeleton("vision::area", _vision_area_fake)
// SKEL-NOT: clamp_
// SKEL: _opgen_register_skeleton("vision::flip", _vision_flip_fake)
// SKEL-NOT: clamp_

// TESTS: import vision  # noqa: E402,F401  (loads the op library)
// TESTS-NEXT: import vision._opgen_fakes  # noqa: E402,F401  (skeletons for ops without a fake)
// TESTS: "name": "vision::area",
// TESTS: "has_fake": None,
// TESTS: "name": "vision::clamp_",
// TESTS: "has_fake": True,
// TESTS: "name": "vision::flip",
// TESTS: "has_fake": None,

// STUB: Type stub of the vision ops: the shape of
// STUB-NOT: def area
// STUB: class _vision_area_packet:

// MANIFEST: "fake": null,
// MANIFEST: "name": "vision::area",
// MANIFEST: "package_generated": false,
// MANIFEST-NEXT: "python_module": "vision._meta_registrations"

// LIST-NOT: __init__.py
// LIST-NOT: /ops.py	
// LIST: python/vision/_opgen_fakes.py	python	install python/vision
// LIST: python/vision/ops.pyi	python	install python/vision

// NOMODULE: error: --no-python-package needs --python-module [UsageNoPackageWithoutModule]
// BADNAME: error: 'vision/_meta.py' is not a Python module name [BadPythonModule]
// BOTH: error: --fake-module and --python-module exclude each other [UsageFakeModuleWithPythonModule]
