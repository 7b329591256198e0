edge += static_cast<int64_t>(${name}.size());
