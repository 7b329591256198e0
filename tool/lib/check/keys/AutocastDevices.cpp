//===- AutocastDevices.cpp - `autocast_devices="cuda,xpu"` ----------------===//
///
/// \file
/// The devices whose Autocast keys an `autocast="..."` op gets a kernel for
/// (AutocastCUDA, AutocastXPU, ...), named as `device=` names them; cpu and
/// cuda when the key is absent. Valid only beside `autocast`, which runs
/// first.
//===----------------------------------------------------------------------===//
#include "check/Common.h"
#include "check/keys/Keys.h"

#include <algorithm>

namespace opgen {
namespace check {

void checkAutocastDevices(const AnnotationValue &V, OpDraft &D) {
  if (!D.Fn.Attr.find(AnnotationKey::Autocast)) {
    D.Diags.report(DiagId::AutocastDevicesWithoutAutocast, V.Loc, {});
    return;
  }
  std::vector<DispatchKey> Devices;
  unsigned Before = D.Diags.errorCount();
  for (const std::string &Name : splitList(V.Text)) {
    std::optional<DispatchKey> Key = deviceKey(Name);
    if (!Key || !hasAutocast(*Key)) {
      D.Diags.report(DiagId::AutocastUnknownDevice, V.Loc,
                     {Name, autocastDeviceNames()});
      continue;
    }
    if (std::find(Devices.begin(), Devices.end(), *Key) != Devices.end()) {
      D.Diags.report(DiagId::AutocastDevicesDuplicate, V.Loc, {Name});
      continue;
    }
    Devices.push_back(*Key);
  }
  if (D.Diags.errorCount() != Before)
    return;
  if (Devices.empty()) {
    D.Diags.report(DiagId::AutocastDevicesEmpty, V.Loc, {});
    return;
  }
  std::sort(Devices.begin(), Devices.end());
  D.AutocastDevices = std::move(Devices);
}

} // namespace check
} // namespace opgen
