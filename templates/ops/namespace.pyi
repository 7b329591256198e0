
class _${namespace}_namespace:
${#each packets}
    ${name}: _${namespace}_${name}_packet
${/each}

# torch.ops.${namespace}
${namespace}: _${namespace}_namespace
