// Closes the namespace scope_open.h opens.
} // namespace split
