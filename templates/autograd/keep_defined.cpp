outputs = opgen::rt::defined_only(outputs, *defined);
ctx->saved_data["opgen_defined"] = opgen::rt::flags(*defined);
