

${#each decorator}
@torch.library.register_fake(${op_name})
${/each}
def _${identifier}_fake(${parameters}):
    # TODO: return empty tensors with the shapes, dtypes and devices of
    # ${op}'s outputs, computed from the inputs' metadata only
    # (e.g. x.new_empty(...)); see docs/fakes.md.
    raise NotImplementedError(
        ${message})
${#each conditional}


_opgen_register_skeleton(${op_name}, _${identifier}_fake)
${/each}
