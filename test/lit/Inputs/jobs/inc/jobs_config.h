// Found only through the compile database's relative -I.
#pragma once
#warning "jobs: a warning in a header found through a relative -I"
#define JOBS_OP_NAME "jobs::from_database"
