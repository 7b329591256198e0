
TORCH_LIBRARY_IMPL(${namespace}, ${key}, m) {
${#each impls}
  m.impl(${name}, ${kernel});
${/each}
}
