static const auto op = c10::Dispatcher::singleton()
    .findSchemaOrThrow(${op_name}, ${overload})
    .typed<${function_type}>();
torch::autograd::variable_list outputs;
{
  at::AutoDispatchBelowADInplaceOrView guard;
  ${collect_outputs}
}
