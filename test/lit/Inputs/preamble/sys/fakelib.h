// A small system header for preamble.test (found through -isystem).
#pragma once
#include <cstdint>
using index_type = int64_t;
