// ${op} (${key}), autocast="${dtype}": casts floating tensor inputs to
// ${dtype}, runs the op with ${key} excluded, and casts floating outputs
// back to the dtype of the first floating input.
${signature} {
  c10::impl::ExcludeDispatchKeyGuard no_autocast(c10::DispatchKey::${key});
  static const auto op = c10::Dispatcher::singleton()
      .findSchemaOrThrow(${op_name}, ${overload})
      .typed<${function_type}>();
  ${note_dtypes}
  ${call};
}

