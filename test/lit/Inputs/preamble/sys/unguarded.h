// No include guard: including it again is not a no-op, so it is never
// precompiled (the source's own include line reads it again).
static_assert(true, "unguarded");
