// Autocast kernels of the ops with autocast="...".
namespace opgen_generated {

${kernels}
} // namespace opgen_generated

