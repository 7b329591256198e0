//===- Device.cpp - `device="cuda"`: the kernel's dispatch key ------------===//
#include "check/Common.h"
#include "check/keys/Keys.h"

namespace opgen {
namespace check {

void assignDefaultDevice(OpDraft &D) {
  D.Impl.Key =
      D.Impl.Lang == Language::Cuda ? DispatchKey::CUDA : DispatchKey::CPU;
}

void checkDevice(const AnnotationValue &V, OpDraft &D) {
  if (std::optional<DispatchKey> Key = deviceKey(trim(V.Text)))
    D.Impl.Key = *Key;
  else
    D.Diags.report(DiagId::UnknownDevice, V.Loc, {V.Text, deviceNames()});
}

} // namespace check
} // namespace opgen
