// Fake (Meta) kernels synthesised from the kernels' allocations:
// shapes from the inputs' (symbolic) sizes, no data is read.
namespace opgen_generated {

${#each fakes}
// ${op} (Meta), synthesised from the kernel at ${where}: ${origins}
${signature} {
  return${value};
}

${/each}
} // namespace opgen_generated

