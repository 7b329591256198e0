// Opens the namespace edge.cpp's ops live in (closed by ns_end.h).
namespace dc_ns {
