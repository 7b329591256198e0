// Included by both nms_kernel.cpp, relative to each: the shards include
// their sources, which must still find it.
#pragma once
#include <opgen/opgen.h>
#include <ATen/ATen.h>
