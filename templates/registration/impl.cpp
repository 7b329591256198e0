
TORCH_LIBRARY_IMPL(${namespace}, ${key}, m) {
${#each impls}
  m.impl(${name}, TORCH_FN(opgen_generated::${kernel}));
${/each}
}
