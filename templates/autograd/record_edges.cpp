// output_mask: needs_input_grad numbers the defined tensor inputs only.
int64_t edge = 0;
std::vector<int64_t> edges;
${edges}
ctx->saved_data["opgen_edges"] = ${saved_edges};
