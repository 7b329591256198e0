//===- opgen/opgen.h - Annotations for opgen -----------------------*- C++ -*-===//
///
/// \file
/// Include this header in every file that carries `[[custom_op(...)]]`
/// annotations. The attributes are read by opgen from the token stream; to
/// every real compiler they are unknown attributes, so this header silences
/// the warning about them in g++, clang and nvcc. It defines nothing else.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_OPGEN_H
#define OPGEN_OPGEN_H

#if defined(__CUDACC__) && defined(__NVCC__)
// EDG front end of nvcc: "unknown attribute" (1097) and the related
// "attribute does not apply" / "unrecognized attribute" diagnostics.
#pragma nv_diag_suppress 1097
#pragma nv_diag_suppress 1866
#endif

#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunknown-attributes"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wattributes"
#endif

/// Version of the annotation syntax this header documents.
#define OPGEN_ANNOTATION_VERSION 1

#endif // OPGEN_OPGEN_H
