

# ${op} (Autograd): no backward, and it mutates an argument or returns a view
# of one (register_autograd takes functional ops only); differentiating it
# raises
_opgen_register_no_backward(${op_name}, ${message})
