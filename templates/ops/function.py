

def ${name}(${parameters}) -> ${returns}:
    """``${schema}``

    Kernels: ${kernels}.
    ${mutates}
    """
    return ${overload}(${arguments})
