${signature} {
  ${apply}
  return ${result};
}
