STABLE_TORCH_LIBRARY(${namespace}, m) {
${#each defs}
  // ${op} from ${where}
  m.def(${schema});
${/each}
}
