
class _${namespace}_${name}_packet:
${#each overloads}
    ${overload}: torch._ops.OpOverload  # ${schema}
${/each}
    def __call__(self, ${parameters}) -> ${returns}:${ellipsis}
${#each docstring}
        """${mutates}"""
${/each}
