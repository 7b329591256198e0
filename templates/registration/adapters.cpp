// Adapters. A shard's wrappers are written for the op's schema as their own
// source alone gives it (so that a shard is generated before the other
// sources are parsed); where the whole library's schema takes other C++
// types, the op's kernel is an adapter that converts and calls the wrapper.
namespace opgen_generated {

${#each adapters}
// ${provenance}; its shard's wrapper takes ${wrapper_schema}
${signature} {
  ${call};
}

${/each}
} // namespace opgen_generated
