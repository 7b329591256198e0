${signature} {
${#each apply}
  auto outputs = ${function}::apply(${arguments});
${/each}
${#each apply_defined}
  std::vector<bool> defined;
  auto outputs = opgen::rt::put_back(${function}::apply(${arguments}), defined);
${/each}
  return ${result};
}
