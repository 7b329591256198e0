// The gradients of all outputs, undefined for the undefined ones.
const torch::autograd::variable_list grads = opgen::rt::put_back(
    defined_grads, opgen::rt::flags(ctx->saved_data["opgen_defined"]));
