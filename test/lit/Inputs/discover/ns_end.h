} // namespace dc_ns
