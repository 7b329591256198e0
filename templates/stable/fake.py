

# ${op}: fake synthesised from the kernel at ${where}: ${origins}
@torch.library.register_fake(${op_name})
def _${identifier}_fake(${parameters}):
    ${body}
