//===- Device.cpp - `device="cuda"`: the kernel's dispatch key ------------===//
#include "check/Common.h"
#include "check/keys/Keys.h"

#include "llvm/ADT/StringRef.h"

namespace opgen {
namespace check {

void assignDefaultDevice(OpDraft &D) {
  D.Impl.Key =
      D.Impl.Lang == Language::Cuda ? DispatchKey::CUDA : DispatchKey::CPU;
}

/// The device whose autocast key \p Text names (`autocastcpu`, `AutocastXPU`;
/// `autocast` alone is CUDA's, as torch's `Autocast` key), if any.
static std::optional<DispatchKey> autocastKeyDevice(llvm::StringRef Text) {
  std::string Lower = Text.lower();
  llvm::StringRef Rest(Lower);
  if (!Rest.consume_front("autocast"))
    return std::nullopt;
  std::optional<DispatchKey> Key =
      deviceKey(Rest.empty() ? "cuda" : std::string_view(Rest));
  if (!Key || !hasAutocast(*Key))
    return std::nullopt;
  return Key;
}

void checkDevice(const AnnotationValue &V, OpDraft &D) {
  std::string Text = trim(V.Text);
  if (std::optional<DispatchKey> Key = deviceKey(Text))
    D.Impl.Key = *Key;
  else if (std::optional<DispatchKey> Device = autocastKeyDevice(Text))
    D.Diags.report(DiagId::DeviceIsAutocast, V.Loc,
                   {V.Text, deviceName(*Device),
                    std::string(dispatchKeyName(*Device))});
  else
    D.Diags.report(DiagId::UnknownDevice, V.Loc, {V.Text, deviceNames()});
}

} // namespace check
} // namespace opgen
