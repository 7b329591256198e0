${library}(${namespace}, m) {
${#each defs}
  // ${op} from ${where}
  m.def(${schema});
${/each}
}
