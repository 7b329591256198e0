//===- Analyses.h - Analyses of kernel bodies -------------------*- C++ -*-===//
///
/// \file
/// `analysis/`: what opgen reads from a kernel's body, on the Clang AST,
/// lowered into Clang-free model structs: FakeSynthesis (returned tensors
/// back to their allocations; its parts in BodyExprs, Synthesizer,
/// SynthesizeTensors, SynthesizeSizes), MetaSafety (whether the body runs
/// on Meta tensors), Mutation (where it writes each tensor parameter) and
/// ShapeChecks (its argument checks).
///
/// It depends on `frontend/ast/` (toSourceLoc, printType) and model/ only.
/// Only `frontend/Lower.cpp` (the part of the frontend that lowers a
/// function) may depend on it; nothing in it may include the rest of
/// `frontend/` (scripts/check-layers.py, the ctest `layers`).
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_ANALYSIS_ANALYSES_H
#define OPGEN_LIB_ANALYSIS_ANALYSES_H

#include "analysis/FakeSynthesis.h"
#include "analysis/MetaSafety.h"
#include "analysis/Mutation.h"
#include "analysis/ShapeChecks.h"

#endif // OPGEN_LIB_ANALYSIS_ANALYSES_H
