${signature} {
  auto outputs = ${function}::apply(${arguments});
  return ${result};
}

