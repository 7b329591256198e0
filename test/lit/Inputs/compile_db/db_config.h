// Found only through the -I in the compile database of compile_db.cpp, which
// has no torch include path: a stand-in for at::Tensor is enough for opgen,
// which matches types by their qualified names.
#pragma once
#define DB_OP_NAME "db::from_database"
namespace at {
class Tensor {};
} // namespace at
