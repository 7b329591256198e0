//===- TorchTarget.h - The oldest torch a stable library targets -*- C++ -*-===//
///
/// \file
/// The torch version a stable-ABI library is built for unless the author
/// says otherwise (`add_custom_op(... STABLE_ABI [TARGET_TORCH M.m])`,
/// docs/stable-abi.md): written once, here. The generated CMakeLists.txt
/// spells it as torch's TORCH_TARGET_VERSION macro, and add_custom_op()
/// reads it from the Plan (`opgen --list-outputs`).
//===----------------------------------------------------------------------===//
#ifndef OPGEN_SUPPORT_TORCHTARGET_H
#define OPGEN_SUPPORT_TORCHTARGET_H

#include <cstdint>
#include <string>

namespace opgen {

struct TorchVersion {
  unsigned Major;
  unsigned Minor;

  /// `MAJOR.MINOR`, e.g. `2.10`.
  std::string str() const {
    return std::to_string(Major) + "." + std::to_string(Minor);
  }
  /// As torch/csrc/stable/version.h encodes it: major << 56 | minor << 48,
  /// in lower-case hex with 16 digits, e.g. `0x020a000000000000`.
  std::string targetVersionMacro() const {
    uint64_t V = (uint64_t(Major) << 56) | (uint64_t(Minor) << 48);
    static const char Digits[] = "0123456789abcdef";
    std::string Hex(16, '0');
    for (int I = 15; I >= 0; --I, V >>= 4)
      Hex[I] = Digits[V & 0xf];
    return "0x" + Hex;
  }
};

/// The oldest torch a stable-ABI library supports by default.
inline constexpr TorchVersion DefaultStableTargetTorch{2, 10};

} // namespace opgen

#endif // OPGEN_SUPPORT_TORCHTARGET_H
