    {
        "name": ${name},
        "overload": ${overload},
        "schema": ${schema},
        "devices": [${devices}],
        "tags": [${tags}],
        "has_fake": ${has_fake},
        "fake": ${fake},
        "aliased_return": ${aliased_return},
        "has_autograd": ${has_autograd},
        "backward_of": ${backward_of},
        "arguments": [
${#each arguments}
            (${argument_name}, ${argument_type}, ${has_default}, ${kwarg_only}, ${mutated}),
${/each}
        ],
        ${checks}
        ${kernel_facts}
    },
