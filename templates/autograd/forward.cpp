static const auto op = c10::Dispatcher::singleton()
    .findSchemaOrThrow(${op_name}, ${overload})
    .typed<${function_type}>();
torch::autograd::variable_list outputs;
{
  at::AutoDispatchBelowADInplaceOrView guard;
${#each collect_list}
  outputs = op.call(${arguments});
${/each}
${#each collect_one}
  outputs = {op.call(${arguments})};
${/each}
${#each collect_tuple}
  const auto result = op.call(${arguments});
  outputs = {${items}};
${/each}
}
