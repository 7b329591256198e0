

def _opgen_with_item(sizes, index, value):
    """sizes with item index (negative: from the end) replaced by value."""
    sizes = list(sizes)
    sizes[index] = value
    return sizes
