${library}(${namespace}, m) {
  m.set_python_module(${python_module});
${#each defs}
  // ${op} from ${where}
  m.def(${schema}${tags});
${/each}
}
