STABLE_TORCH_LIBRARY_IMPL(${namespace}, ${key}, m) {
${#each impls}
  m.impl(${name}, &opgen_generated::${kernel});
${/each}
}
