

# ${op}: a fake per device, each from the kernel of that device (the
# kernels make their outputs differently, or one's metadata only the kernel
# itself computes):
${#each devices}
#   ${key}: the kernel at ${where}: ${origins}
${/each}
@torch.library.register_fake(${op_name})
def _${identifier}_fake(${parameters}):
    key = _opgen_dispatch_key(${tensors})
${#each devices}
    if key == ${key_literal}:
        return ${value}
${/each}
    if key == "Meta":
        raise NotImplementedError(${meta_message})
    raise NotImplementedError(${message})
