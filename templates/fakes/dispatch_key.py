

# The device types of tensors and the dispatch keys of their kernels, for
# the fakes that follow the device of their inputs.
_OPGEN_DEVICE_KEYS = {"cpu": "CPU", "cuda": "CUDA", "xpu": "XPU", "mps": "MPS",
                      "privateuseone": "PrivateUse1", "meta": "Meta"}


def _opgen_dispatch_key(*values):
    """The dispatch key whose kernel the dispatcher runs for these arguments
    (tensors, lists of tensors, None): as the dispatcher does, a device
    other than the CPU wins over the CPU, and a quantized tensor picks the
    quantized kernel of its device."""
    keys = set()
    for value in values:
        for t in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(t, torch.Tensor):
                key = _OPGEN_DEVICE_KEYS.get(t.device.type, t.device.type)
                keys.add("Quantized" + key if t.is_quantized else key)
    for key in sorted(keys, key=lambda k: ("CPU" in k, "Quantized" not in k)):
        return key
    return "CPU"
