def ${name}(${parameters}) -> ${returns}:${ellipsis}
${#each docstring}
    """${mutates}"""
${/each}
