// `-p <dir>` reads compile_commands.json: this file compiles only with the
// -D and -I its entry there supplies. Without -p, opgen's default flags are
// used and it fails.
// RUN: rm -rf %t && mkdir -p %t/build
// RUN: echo '[{"directory": "%/t/build", "file": "%/s", "arguments": ["c++", "-std=c++17", "-DFROM_DATABASE=1", "-I%/S/Inputs/compile_db", "-c", "%/s", "-o", "x.o"]}]' > %t/build/compile_commands.json
// RUN: opgen %s -o %t/out -p %t/build
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/out/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/out/manifest.json
// RUN: not opgen %s -o %t/no-db 2>&1 | FileCheck %s --check-prefix=NODB
// RUN: not ls %t/no-db
// A -p directory without a database is an error.
// RUN: not opgen %s -o %t/empty-db -p %t 2>&1 | FileCheck %s --check-prefix=NOFILE
// NODB: compile_db.cpp:[[@LINE+2]]:2: error: compile_db.cpp needs the flags from its compile database
#ifndef FROM_DATABASE
#error compile_db.cpp needs the flags from its compile database
#endif
// NODB: error: '{{.*}}compile_db.cpp' does not compile; no output was written
// NOFILE: error: cannot load a compile database from '{{.*}}': {{.*}}No such file or directory
// NOFILE-NEXT: note: hint: -p takes the build directory that holds compile_commands.json

#include "db_config.h"

namespace db {
// REG: m.def("from_database(Tensor x) -> Tensor");
// MANIFEST: "schema": "db::from_database(Tensor x) -> Tensor",
[[custom_op(DB_OP_NAME)]]
at::Tensor from_database(const at::Tensor& x);
} // namespace db
