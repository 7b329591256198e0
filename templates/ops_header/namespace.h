namespace ${namespace}::ops {

${#each ops}
/// `${schema}` (${where})
inline ${declaration} {
  static auto op = c10::Dispatcher::singleton()
      .findSchemaOrThrow(${qualified_name}, ${overload})
      .typed<${function_type}>();
  return op.call(${arguments});
}

${/each}
} // namespace ${namespace}::ops
